/**
 * The colours the edit panel offers as swatches: the project's theme tokens (shadcn-style CSS
 * variables the template defines) and a part of Tailwind's palette, with a hex value each for the
 * swatch and for the instant preview (the version then renders Tailwind's own colour).
 */
export const THEME_COLOURS: readonly { value: string; css: string }[] = [
  'primary',
  'primary-foreground',
  'secondary',
  'muted',
  'muted-foreground',
  'accent',
  'destructive',
  'background',
  'foreground',
  'card',
  'border',
].map((value) => ({ value, css: `var(--${value})` }));

const SHADES = [100, 300, 500, 700, 900] as const;
const HUES: Record<string, readonly [string, string, string, string, string]> = {
  slate: ['#f1f5f9', '#cbd5e1', '#64748b', '#334155', '#0f172a'],
  gray: ['#f3f4f6', '#d1d5db', '#6b7280', '#374151', '#111827'],
  red: ['#fee2e2', '#fca5a5', '#ef4444', '#b91c1c', '#7f1d1d'],
  orange: ['#ffedd5', '#fdba74', '#f97316', '#c2410c', '#7c2d12'],
  amber: ['#fef3c7', '#fcd34d', '#f59e0b', '#b45309', '#78350f'],
  yellow: ['#fef9c3', '#fde047', '#eab308', '#a16207', '#713f12'],
  green: ['#dcfce7', '#86efac', '#22c55e', '#15803d', '#14532d'],
  emerald: ['#d1fae5', '#6ee7b7', '#10b981', '#047857', '#064e3b'],
  teal: ['#ccfbf1', '#5eead4', '#14b8a6', '#0f766e', '#134e4a'],
  sky: ['#e0f2fe', '#7dd3fc', '#0ea5e9', '#0369a1', '#0c4a6e'],
  blue: ['#dbeafe', '#93c5fd', '#3b82f6', '#1d4ed8', '#1e3a8a'],
  indigo: ['#e0e7ff', '#a5b4fc', '#6366f1', '#4338ca', '#312e81'],
  violet: ['#ede9fe', '#c4b5fd', '#8b5cf6', '#6d28d9', '#4c1d95'],
  purple: ['#f3e8ff', '#d8b4fe', '#a855f7', '#7e22ce', '#581c87'],
  pink: ['#fce7f3', '#f9a8d4', '#ec4899', '#be185d', '#831843'],
  rose: ['#ffe4e6', '#fda4af', '#f43f5e', '#be123c', '#881337'],
};

export const PALETTE_COLOURS: readonly { value: string; hex: string }[] = [
  { value: 'white', hex: '#ffffff' },
  { value: 'black', hex: '#000000' },
  ...Object.entries(HUES).flatMap(([hue, hexes]) => SHADES.map((shade, i) => ({ value: `${hue}-${shade}`, hex: hexes[i]! }))),
];

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A CSS colour for a colour value of a visual edit (a palette name, a theme token or a hex code), or null when it is none. */
export function cssColour(value: string): string | null {
  if (HEX.test(value)) return value;
  if (value === 'transparent' || value === 'current') return value === 'current' ? 'currentColor' : 'transparent';
  const theme = THEME_COLOURS.find((c) => c.value === value);
  if (theme) return theme.css;
  const known = PALETTE_COLOURS.find((c) => c.value === value)?.hex;
  // Tailwind v4 names its palette as variables; a colour the page has not used has none, hence the fallback.
  if (/^[a-z]+-(?:50|[1-9]00|950)$/.test(value)) return `var(--color-${value}${known ? `, ${known}` : ''})`;
  if (known) return known;
  return null;
}
