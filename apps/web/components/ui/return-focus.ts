'use client';
import { useRef } from 'react';

/**
 * The element a dialog should give focus back to: what had focus when it opened, or, when that was
 * an item of a menu (gone once the menu closes), the button that opened the menu.
 */
export function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"][aria-labelledby]');
  const trigger = menu ? document.getElementById(menu.getAttribute('aria-labelledby')!) : null;
  return trigger ?? active;
}

type Handler = ((e: Event) => void) | undefined;

/**
 * Radix gives focus back on close only to its own Trigger; our dialogs are opened by state, from
 * buttons and menu items. This notes the opener as the dialog opens (before focus moves in) and
 * focuses it again on close, if it is still on the page.
 */
export function useReturnFocus(handlers: { onOpenAutoFocus?: Handler; onCloseAutoFocus?: Handler }) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (e: Event) => {
      opener.current = openerOf(document.activeElement);
      handlers.onOpenAutoFocus?.(e);
    },
    onCloseAutoFocus: (e: Event) => {
      handlers.onCloseAutoFocus?.(e);
      const el = opener.current;
      opener.current = null;
      if (e.defaultPrevented || !el || !el.isConnected) return;
      e.preventDefault();
      el.focus({ preventScroll: true });
    },
  };
}
