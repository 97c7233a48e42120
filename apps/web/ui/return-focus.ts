'use client';
import { useRef } from 'react';

/**
 * The element a dialog should give focus back to: what had focus when it opened, or, when that was
 * an item of a menu (gone once the menu closes), the button that opened the menu.
 */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"][aria-labelledby]');
  const trigger = menu ? document.getElementById(menu.getAttribute('aria-labelledby')!) : null;
  return trigger ?? active;
}

// What last had focus outside every dialog: by the time a dialog's focus scope mounts, something
// inside it (an autoFocus field) may already have taken focus from its opener.
let lastOutside: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (e) => {
      const target = e.target instanceof HTMLElement ? e.target : null;
      if (target && !target.closest('[role="dialog"], [role="alertdialog"]')) lastOutside = openerOf(target);
    },
    true,
  );
}

type Handler = ((e: Event) => void) | undefined;

/**
 * Radix gives focus back on close only to its own Trigger; our dialogs are opened by state, from
 * buttons and menu items. This notes the opener as the dialog opens and focuses it again on close,
 * if it is still on the page.
 */
export function useReturnFocus(handlers: { onOpenAutoFocus?: Handler; onCloseAutoFocus?: Handler }) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (e: Event) => {
      const content = e.currentTarget instanceof Element ? e.currentTarget : null;
      const active = document.activeElement;
      opener.current = active && content && !content.contains(active) && active !== document.body ? openerOf(active) : lastOutside;
      handlers.onOpenAutoFocus?.(e);
    },
    onCloseAutoFocus: (e: Event) => {
      handlers.onCloseAutoFocus?.(e);
      // Radix skips the open event when a field inside took focus first (autoFocus): then the last
      // element focused outside the dialogs is the opener (focus stayed trapped inside since).
      const el = opener.current ?? lastOutside;
      opener.current = null;
      if (e.defaultPrevented || !el || !el.isConnected) return;
      e.preventDefault();
      el.focus({ preventScroll: true });
    },
  };
}
