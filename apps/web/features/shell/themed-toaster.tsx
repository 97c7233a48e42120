'use client';
import { useEffect, useState } from 'react';
import * as sonner from 'sonner';
import { toasterMounted } from '@/lib/browser/toast';
import { currentThemeClass } from '@/lib/browser/theme';

/** Sonner needs the theme as a prop; ours is a class on <html> that the toggle flips. Loaded by ./lazy-toaster. */
export function ThemedToaster() {
  const [theme, setTheme] = useState<'light' | 'dark'>('light');
  useEffect(() => {
    setTheme(currentThemeClass());
    const observer = new MutationObserver(() => setTheme(currentThemeClass()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  // After the Toaster's own effect (children's effects run first): it is subscribed, queued toasts can go.
  useEffect(() => toasterMounted(sonner), []);
  // pointer-events: an open modal dialog turns them off on <body>; toasts above it stay clickable.
  return (
    <sonner.Toaster
      theme={theme}
      richColors
      closeButton
      position="top-center"
      style={{ pointerEvents: 'auto' }}
      toastOptions={{ className: 'cursor-pointer' }}
    />
  );
}
