'use client';
import { useEffect, useState } from 'react';
import { Toaster } from 'sonner';
import { currentThemeClass } from '@/lib/client/theme';

/** Sonner needs the theme as a prop; ours is a class on <html> that the toggle flips. */
export function ThemedToaster() {
  const [theme, setTheme] = useState<'light' | 'dark'>('light');
  useEffect(() => {
    setTheme(currentThemeClass());
    const observer = new MutationObserver(() => setTheme(currentThemeClass()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return <Toaster theme={theme} richColors closeButton position="top-center" toastOptions={{ className: 'cursor-pointer' }} />;
}
