'use client';
import { lazy, Suspense } from 'react';
import { useIdle } from '@/lib/browser/use-idle';

// The route progress bar (nextjs-toploader with nprogress, ~4 KB gzip) is needed from the first
// client navigation on, not for the page to become interactive: it loads once the browser is idle.
const NextTopLoader = lazy(() => import('nextjs-toploader'));

export function LazyTopLoader() {
  const idle = useIdle();
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <NextTopLoader color="var(--primary)" showSpinner={false} height={3} shadow={false} />
    </Suspense>
  );
}
