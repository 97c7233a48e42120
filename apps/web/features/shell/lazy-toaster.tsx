'use client';
import { lazy, Suspense, useEffect, useState } from 'react';
import { usePathname } from 'next/navigation';
import { arrivedAt, onToastWanted } from '@/lib/browser/toast';
import { useIdle } from '@/lib/browser/use-idle';

// sonner and its Toaster load after the page is interactive (when the browser is idle, or at once
// when something asks for a toast first): see lib/browser/toast.ts.
const ThemedToaster = lazy(() => import('./themed-toaster').then((m) => ({ default: m.ThemedToaster })));

export function LazyToaster() {
  const idle = useIdle();
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToastWanted(() => setWanted(true)), []);
  // A toast waiting for a page (toastOnArrival) is shown once that page has rendered.
  const pathname = usePathname();
  useEffect(() => arrivedAt(pathname), [pathname]);
  if (!idle && !wanted) return null;
  return (
    <Suspense fallback={null}>
      <ThemedToaster />
    </Suspense>
  );
}
