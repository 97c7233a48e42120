'use client';
import { cloneElement, useCallback, useEffect, useState, type PointerEvent, type ReactElement, type ReactNode } from 'react';
import { useIdle } from '@/lib/browser/use-idle';

// Radix's dropdown menu brings its positioning (floating-ui), focus scope, dismiss and scroll-lock
// layers: ~25 KB gzip, more than the rest of the site header. It is not part of a page's first load:
// the trigger renders at once, the menu module loads when the browser is idle, and a press on the
// trigger before then opens the menu as soon as it has loaded.

type MenuUi = typeof import('./dropdown-menu');
let loaded: MenuUi | null = null;
let loading: Promise<MenuUi> | null = null;
const load = () => (loading ??= import('./dropdown-menu').then((m) => (loaded = m)));

export interface LazyDropdownMenuProps {
  /** The trigger button (rendered as the Radix trigger once the menu has loaded). */
  trigger: ReactElement<{ onClick?: () => void }>;
  /** The menu's content, built from the loaded module's components (DropdownMenuContent, …Item). */
  children: (ui: MenuUi) => ReactNode;
  /** A lazily loaded content module, fetched together with the menu's own. */
  preload?: () => Promise<unknown>;
}

export function LazyDropdownMenu({ trigger, children, preload }: LazyDropdownMenuProps) {
  const [ui, setUi] = useState<MenuUi | null>(loaded);
  // Controlled, so a press that starts on the stand-in trigger still opens the menu when the real
  // trigger replaces it mid-press (Radix opens on pointerdown and ignores the click that follows).
  const [open, setOpen] = useState(false);
  const idle = useIdle();
  const fetchMenu = useCallback(() => {
    void preload?.();
    return load();
  }, [preload]);
  useEffect(() => {
    if (ui || !idle) return;
    let live = true;
    void fetchMenu().then((m) => live && setUi(m));
    return () => {
      live = false;
    };
  }, [ui, idle, fetchMenu]);
  if (!ui) {
    const openSoon = () => {
      setOpen(true);
      void fetchMenu().then(setUi);
    };
    return cloneElement(trigger, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onPointerDown: (e: PointerEvent) => {
        if (e.button === 0 && !e.ctrlKey) openSoon();
      },
      // Enter and Space on a button arrive as a click.
      onClick: openSoon,
    } as Record<string, unknown>);
  }
  return (
    <ui.DropdownMenu open={open} onOpenChange={setOpen}>
      <ui.DropdownMenuTrigger asChild>{trigger}</ui.DropdownMenuTrigger>
      {children(ui)}
    </ui.DropdownMenu>
  );
}
