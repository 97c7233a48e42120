// client/src/index.css for a palette: the template's stylesheet with its light (:root) and dark
// (.dark) token blocks derived from a seed. Components only use the tokens (bg-primary,
// text-muted-foreground…), so a palette change or dark mode restyles every generated app.

import { starterFiles } from '@sprout/template';
import { ensureContrast, isDark, mix, readableOn, toHsl, fromHsl, withLightness } from './color';
import type { PaletteSeed } from './palettes';

export type Tokens = Record<string, string>;

export function lightTokens(seed: PaletteSeed): Tokens {
  // A dark background colour belongs to dark mode; light mode keeps a light page.
  const bg = seed.background && !isDark(seed.background) ? seed.background : '#ffffff';
  const hue = toHsl(seed.primary);
  const fg = seed.foreground ?? fromHsl({ h: hue.h, s: Math.min(hue.s, 0.2), l: 0.12 });
  const primary = ensureContrast(seed.primary, bg, 3);
  const tint = seed.accent ?? seed.primary;
  const card = bg === '#ffffff' ? bg : mix(bg, '#ffffff', 0.55);
  return {
    background: bg,
    foreground: fg,
    card,
    'card-foreground': fg,
    popover: card,
    'popover-foreground': fg,
    primary,
    'primary-foreground': readableOn(primary, '#111111', '#ffffff'),
    secondary: mix(bg, tint, 0.14),
    'secondary-foreground': fg,
    muted: mix(bg, fg, 0.05),
    'muted-foreground': ensureContrast(mix(fg, bg, 0.42), bg, 4.6),
    accent: mix(bg, tint, 0.16),
    'accent-foreground': fg,
    destructive: '#dc2626',
    border: mix(bg, fg, 0.13),
    input: mix(bg, fg, 0.16),
    ring: mix(primary, bg, 0.35),
  };
}

export function darkTokens(seed: PaletteSeed): Tokens {
  const hue = toHsl(seed.primary);
  const bg = seed.darkBackground ?? (seed.background && isDark(seed.background) ? seed.background : fromHsl({ h: hue.h, s: Math.min(hue.s, 0.18), l: 0.075 }));
  const fg = seed.background && !isDark(seed.background) ? mix(seed.background, '#ffffff', 0.4) : '#f4f4f5';
  // A dark primary (navy, dark green) would vanish on a dark page: lift it until it reads.
  const primary = ensureContrast(isDark(seed.primary) ? withLightness(seed.primary, 0.62, 0.75) : seed.primary, bg, 4.5);
  const tint = seed.accent ?? seed.primary;
  const card = mix(bg, '#ffffff', 0.045);
  return {
    background: bg,
    foreground: fg,
    card,
    'card-foreground': fg,
    popover: mix(bg, '#ffffff', 0.07),
    'popover-foreground': fg,
    primary,
    'primary-foreground': readableOn(primary, '#0b0b0c', '#ffffff'),
    secondary: mix(mix(bg, '#ffffff', 0.08), tint, 0.12),
    'secondary-foreground': fg,
    muted: mix(bg, '#ffffff', 0.08),
    'muted-foreground': ensureContrast(mix(fg, bg, 0.38), bg, 4.6),
    accent: mix(mix(bg, '#ffffff', 0.09), tint, 0.14),
    'accent-foreground': fg,
    destructive: '#f87171',
    border: mix(bg, '#ffffff', 0.12),
    input: mix(bg, '#ffffff', 0.16),
    ring: mix(primary, bg, 0.45),
  };
}

export const tokenBlock = (selector: string, tokens: Tokens, extra = '') =>
  `${selector} {\n${extra}${Object.entries(tokens)
    .map(([k, v]) => `  --${k}: ${v};`)
    .join('\n')}\n}`;

function templateCss(): string {
  const css = starterFiles().find((f) => f.name === 'client/src/index.css')?.content;
  if (!css) throw new Error('the template has no client/src/index.css');
  return css;
}

const ROOT_BLOCK = /:root \{[^}]*\}/;
const DARK_BLOCK = /\.dark \{[^}]*\}/;
// Native controls (scrollbars, date inputs) follow the mode too.
const COLOR_SCHEME = '\n@layer base {\n  :root {\n    color-scheme: light;\n  }\n  .dark {\n    color-scheme: dark;\n  }\n}\n';

/**
 * The stylesheet for `seed`, or the template's own neutral one for null. `note` says in a comment
 * where the colours came from, so the next person (or model) knows why they are what they are.
 */
export function themeCss(seed: PaletteSeed | null, note: string): string {
  const css = templateCss();
  const header = `/* Theme: ${note.replace(/\*\//g, '')}. Light tokens in :root, dark tokens in .dark (class on <html>). */\n`;
  if (!seed) return `${header}${css.trimEnd()}\n${COLOR_SCHEME}`;
  if (!ROOT_BLOCK.test(css) || !DARK_BLOCK.test(css)) throw new Error('the template stylesheet changed shape: update theme-css.ts');
  const radius = '  --radius: 0.75rem;\n';
  const out = css.replace(ROOT_BLOCK, tokenBlock(':root', lightTokens(seed), radius)).replace(DARK_BLOCK, tokenBlock('.dark', darkTokens(seed)));
  return `${header}${out.trimEnd()}\n${COLOR_SCHEME}`;
}
