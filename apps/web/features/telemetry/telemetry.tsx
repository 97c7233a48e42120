'use client';
import { useEffect, useRef } from 'react';
import { usePathname } from 'next/navigation';
import { useAppServices, useCalls } from '@/lib/api/services';
import { useAuth } from '@/lib/api/auth';
import { startAnalytics, track } from './analytics';
import { reportError, telemetryCalls } from './api';
import { takeEarlyErrors } from './telemetry-boot';

const MAX_ERRORS_PER_PAGE = 10;

/**
 * Page views, one visit per session once the user is known, and window errors to the /monitoring
 * tunnel: those from before this component was ready too (kept by TELEMETRY_BOOT_SCRIPT in <head>).
 */
export function Telemetry() {
  const { config, identity } = useAppServices();
  const calls = useCalls(telemetryCalls);
  const { status, user } = useAuth();
  const pathname = usePathname();
  const errors = useRef(0);

  useEffect(() => {
    startAnalytics(config.apiUrl, () => identity.getIdToken());
  }, [config.apiUrl, identity]);

  useEffect(() => {
    track('Page Viewed', { path: pathname });
  }, [pathname]);

  useEffect(() => {
    if (status !== 'signed-in' || !user) return;
    const key = `sprout.visit.${user.id}`;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    calls.recordVisit().catch((err: Error) => {
      sessionStorage.removeItem(key);
      console.warn('visit not recorded:', err.message);
    });
  }, [status, user, calls]);

  useEffect(() => {
    const report = (message: string, stack?: string) => {
      if (errors.current++ >= MAX_ERRORS_PER_PAGE) return;
      reportError({ message: message.slice(0, 2000), stack: stack?.slice(0, 8000), url: location.href, userAgent: navigator.userAgent }).catch((err: Error) =>
        console.debug('error report not sent:', err.message),
      );
    };
    const onError = (e: ErrorEvent) => report(e.message || 'Script error', e.error instanceof Error ? e.error.stack : undefined);
    const onRejection = (e: PromiseRejectionEvent) =>
      report(e.reason instanceof Error ? e.reason.message : String(e.reason), e.reason instanceof Error ? e.reason.stack : undefined);
    // From here on this component listens; what happened before (kept by the boot script in <head>) is reported now.
    const early = takeEarlyErrors();
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    for (const e of early) report(e.message, e.stack);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);

  return null;
}
