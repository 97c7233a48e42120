'use client';
import { useEffect } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';

const KEY = 'sprout.routeHistory';
export const ROUTE_HISTORY_LIMIT = 10;

function read(): string[] {
  try {
    const list = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Appends a route, dropping an immediate repeat and keeping the newest ten (SPEC §9). */
export function pushRoute(history: string[], route: string): string[] {
  if (history[history.length - 1] === route) return history;
  return [...history, route].slice(-ROUTE_HISTORY_LIMIT);
}

/** The previous in-app route other than `current` (ignoring query changes of the same page). */
export function previousRoute(history: string[], current: string): string | null {
  const path = (r: string) => r.split('?')[0];
  for (let i = history.length - 1; i >= 0; i--) {
    if (path(history[i]!) !== path(current)) return history[i]!;
  }
  return null;
}

export function useRecordRouteHistory(): void {
  const pathname = usePathname();
  const search = useSearchParams();
  useEffect(() => {
    const route = search.size ? `${pathname}?${search.toString()}` : pathname;
    sessionStorage.setItem(KEY, JSON.stringify(pushRoute(read(), route)));
  }, [pathname, search]);
}

export function readRouteHistory(): string[] {
  return read();
}
