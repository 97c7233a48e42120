'use client';
import type { ExternalToast } from 'sonner';

// Toasts without sonner in every page's first load (~11 KB gzip): calls are queued until the
// Toaster (features/shell/lazy-toaster.tsx, loaded once the page is idle or when the first toast is
// asked for) has mounted, then go to sonner unchanged. Toasts are never shown before the page is
// interactive anyway, so the queue is empty in practice, except for a toast in the first second.

type Sonner = typeof import('sonner');
type Message = Parameters<Sonner['toast']>[0];

let sonner: Sonner | null = null;
let queued: ((s: Sonner) => void)[] = [];
const wanters = new Set<() => void>();

/** The lazy Toaster calls this once it is mounted (sonner's own state then has a subscriber). */
export function toasterMounted(module: Sonner): void {
  sonner = module;
  for (const call of queued) call(module);
  queued = [];
}

/** The lazy Toaster listens here to load at once when a toast is asked for before it did. */
export function onToastWanted(fn: () => void): () => void {
  wanters.add(fn);
  return () => wanters.delete(fn);
}

function later(call: (s: Sonner) => void): void {
  if (sonner) return call(sonner);
  queued.push(call);
  for (const fn of wanters) fn();
}

export const toast = Object.assign((message: Message, data?: ExternalToast) => later((s) => void s.toast(message, data)), {
  success: (message: Message, data?: ExternalToast) => later((s) => void s.toast.success(message, data)),
  error: (message: Message, data?: ExternalToast) => later((s) => void s.toast.error(message, data)),
  info: (message: Message, data?: ExternalToast) => later((s) => void s.toast.info(message, data)),
  warning: (message: Message, data?: ExternalToast) => later((s) => void s.toast.warning(message, data)),
  message: (message: Message, data?: ExternalToast) => later((s) => void s.toast.message(message, data)),
  dismiss: (id?: string | number) => later((s) => void s.toast.dismiss(id)),
});

let arriving: { path: string; show: () => void } | null = null;

/**
 * Shows a toast once the page at `path` is on screen, for an action that ends by going there (a
 * toast shown first runs its few seconds while a slow navigation is still under way, and can be
 * gone before the page it belongs to appears). The shell calls `arrivedAt` with every new path.
 */
export function toastOnArrival(path: string, show: () => void, currentPath = window.location.pathname): void {
  // Already there (only the query changes): no new page is coming to show it.
  if (currentPath === path) return show();
  arriving = { path, show };
}

/** The shell's page changed to `path`: the toast waiting for it, if any, is shown now. */
export function arrivedAt(path: string): void {
  if (arriving?.path !== path) return;
  const { show } = arriving;
  arriving = null;
  show();
}
