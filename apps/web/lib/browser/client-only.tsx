'use client';
import { lazy, Suspense, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

const subscribe = () => () => {};

/** False on the server and while hydrating, true once the page runs in the browser. */
function useMounted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * A component loaded on demand, in the browser only: `fallback` until its chunk has arrived (and on
 * the server). React.lazy instead of next/dynamic, whose loader runtime (~5 KB gzip) would otherwise
 * be in every page's first load because the shell uses it for the developer toolbar.
 */
export function clientOnly<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, fallback: ReactNode = null): ComponentType<P> {
  const Lazy = lazy(load);
  function ClientOnly(props: P) {
    const mounted = useMounted();
    if (!mounted) return <>{fallback}</>;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return ClientOnly;
}
