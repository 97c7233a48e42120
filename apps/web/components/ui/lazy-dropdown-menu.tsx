'use client';
import { cloneElement, useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { useIdle } from '@/lib/client/use-idle';

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
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);
  const idle = useIdle();
  useEffect(() => {
    if (ui || !idle) return;
    let live = true;
    void preload?.();
    void load().then((m) => live && setUi(m));
    return () => {
      live = false;
    };
  }, [ui, idle]);
  if (!ui) {
    return cloneElement(trigger, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onClick: () => {
        setOpenWhenLoaded(true);
        void preload?.();
        void load().then(setUi);
      },
    } as Record<string, unknown>);
  }
  return (
    <ui.DropdownMenu defaultOpen={openWhenLoaded}>
      <ui.DropdownMenuTrigger asChild>{trigger}</ui.DropdownMenuTrigger>
      {children(ui)}
    </ui.DropdownMenu>
  );
}
