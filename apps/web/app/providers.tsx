'use client';
import { Suspense, type ReactNode } from 'react';
import type { PublicConfig } from '@/lib/public-config';
import { AppServicesProvider } from '@/lib/api/services';
import { AuthProvider } from '@/lib/api/auth';
import { installRouteHistory } from '@/lib/browser/route-history';
import { Telemetry } from '@/features/telemetry';
import { PaywallDialog } from '@/features/paywall';
import { LazyToaster, LazyTopLoader } from '@/features/shell';
import { ImpersonationBanner } from '@/features/admin';

// The routing history (the last ten in-app routes, for Back) is recorded from the history API, from the moment this code runs.
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
