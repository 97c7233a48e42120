'use client';
export type Theme = 'light' | 'dark' | 'system';
const KEY = 'sprout.theme';

export function applyTheme(theme: Theme): void {
  localStorage.setItem(KEY, theme);
  const dark = theme === 'dark' || (theme === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
}

/** Inline in <head> so the right theme is on the page before first paint (no flash). */
export const THEME_BOOT_SCRIPT = `try{var t=localStorage.getItem('${KEY}');var d=t==='dark'||(t!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches);document.documentElement.classList.toggle('dark',d)}catch(e){}`;

/** 'dark' or 'light' as currently applied to <html>, following toggles (for widgets that need a prop). */
export function currentThemeClass(): 'dark' | 'light' {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}
