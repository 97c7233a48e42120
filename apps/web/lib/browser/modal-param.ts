'use client';
import { useCallback } from 'react';
import { useSearchParams } from 'next/navigation';

/**
 * Modal state lives in the `modal` query parameter, changed with history.replaceState so
 * the page does not reload; a reload reopens the modal, and closing it leaves no extra history entry.
 */
export function setModalParam(value: string | null): void {
  const url = new URL(window.location.href);
  if (value) url.searchParams.set('modal', value);
  else url.searchParams.delete('modal');
  // null, not history.state: Next ignores replaceState calls whose state already carries its own
  // marker, and then useSearchParams would never see the change. Next copies its state over null.
  window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
}

export function useModalParam(): [string | null, (value: string | null) => void] {
  const search = useSearchParams();
  const set = useCallback((value: string | null) => setModalParam(value), []);
  return [search.get('modal'), set];
}
