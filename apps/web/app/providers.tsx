'use client';
import { Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { PublicConfig } from '@/lib/public-config';
import { AppServicesProvider } from '@/lib/client/app-context';
import { AuthProvider } from '@/lib/client/auth';
import { makeQueryClient } from '@/lib/client/query-client';
import { useRecordRouteHistory } from '@/lib/client/route-history';
import { Telemetry } from '@/components/telemetry';
import { PaywallDialog } from '@/components/paywall';
import { LazyToaster } from '@/components/lazy-toaster';
import { LazyTopLoader } from '@/components/lazy-top-loader';
import { ImpersonationBanner } from '@/components/impersonation-banner';

function RouteHistory() {
  useRecordRouteHistory();
  return null;
}

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
  const [queryClient] = useState(makeQueryClient);
  return (
    <AppServicesProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider serverUserId={serverUserId} serverTokenIssuedAt={serverTokenIssuedAt}>
          <LazyTopLoader />
          <ImpersonationBanner />
          <Suspense fallback={null}>
            <RouteHistory />
            <Telemetry />
            <PaywallDialog />
          </Suspense>
          {children}
          <LazyToaster />
        </AuthProvider>
      </QueryClientProvider>
    </AppServicesProvider>
  );
}
