'use client';
import { useEffect, useState } from 'react';

/**
 * False until the browser is first idle after this component mounted (at most `timeoutMs` later).
 * Code that is not needed for a page to become interactive (toasts, menus, the route progress bar)
 * is loaded then, instead of being part of the page's first load.
 */
export function useIdle(timeoutMs = 2000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle) return;
    const done = () => setIdle(true);
    if (window.requestIdleCallback) {
      const id = window.requestIdleCallback(done, { timeout: timeoutMs });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(done, 200);
    return () => window.clearTimeout(id);
  }, [idle, timeoutMs]);
  return idle;
}
