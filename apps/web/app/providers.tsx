'use client';
import { Suspense, type ReactNode } from 'react';
import type { PublicConfig } from '@/lib/public-config';
import { AppServicesProvider } from '@/lib/client/app-context';
import { AuthProvider } from '@/lib/client/auth';
import { installRouteHistory } from '@/lib/client/route-history';
import { Telemetry } from '@/components/telemetry';
import { PaywallDialog } from '@/components/paywall';
import { LazyToaster } from '@/components/lazy-toaster';
import { LazyTopLoader } from '@/components/lazy-top-loader';
import { ImpersonationBanner } from '@/components/impersonation-banner';

// The routing history (SPEC §9) is recorded from the history API, from the moment this code runs.
installRouteHistory();

export function Providers({
  config,
  serverUserId,
  serverTokenIssuedAt,
  children,
}: {
  config: PublicConfig;
  serverUserId: string | null;
  serverTokenIssuedAt: number | null;
  children: ReactNode;
}) {
  // No query client here: the pages that fetch on the client have one in their layout (QueryProvider).
  return (
    <AppServicesProvider config={config}>
      <AuthProvider serverUserId={serverUserId} serverTokenIssuedAt={serverTokenIssuedAt}>
        <LazyTopLoader />
        <ImpersonationBanner />
        <Suspense fallback={null}>
          <Telemetry />
          <PaywallDialog />
        </Suspense>
        {children}
        <LazyToaster />
      </AuthProvider>
    </AppServicesProvider>
  );
}
