import { cssColour } from './palette';
import type { StyleProperty } from './style-properties';

const FONT_SIZES: Record<string, string> = {
  xs: '0.75rem',
  sm: '0.875rem',
  base: '1rem',
  lg: '1.125rem',
  xl: '1.25rem',
  '2xl': '1.5rem',
  '3xl': '1.875rem',
  '4xl': '2.25rem',
  '5xl': '3rem',
  '6xl': '3.75rem',
  '7xl': '4.5rem',
  '8xl': '6rem',
  '9xl': '8rem',
};
const WEIGHTS: Record<string, string> = {
  thin: '100',
  extralight: '200',
  light: '300',
  normal: '400',
  medium: '500',
  semibold: '600',
  bold: '700',
  extrabold: '800',
  black: '900',
};
const RADII: Record<string, string> = {
  none: '0',
  sm: '0.25rem',
  '': '0.25rem',
  DEFAULT: '0.25rem',
  base: '0.25rem',
  md: '0.375rem',
  lg: '0.5rem',
  xl: '0.75rem',
  '2xl': '1rem',
  '3xl': '1.5rem',
  '4xl': '2rem',
  full: '9999px',
};

function spacing(value: string): string | null {
  if (value === 'px') return '1px';
  if (value === 'auto') return 'auto';
  if (!/^\d{1,2}(?:\.5)?$/.test(value)) return null;
  return `calc(var(--spacing, 0.25rem) * ${value})`;
}

const SIDES: Partial<Record<StyleProperty, string[]>> = {
  padding: ['padding'],
  paddingX: ['padding-left', 'padding-right'],
  paddingY: ['padding-top', 'padding-bottom'],
  margin: ['margin'],
  marginX: ['margin-left', 'margin-right'],
  marginY: ['margin-top', 'margin-bottom'],
  gap: ['gap'],
};

/**
 * Inline CSS that shows a visual edit at once in the preview, before its version (with the real
 * Tailwind class) arrives. A value it cannot show (null for a removal, or one it does not know)
 * clears the properties, so the preview falls back to the element's classes.
 */
export function previewCss(property: StyleProperty, value: string | null): Record<string, string | null> {
  const set = (names: string[], css: string | null) => Object.fromEntries(names.map((n) => [n, css]));
  const sides = SIDES[property];
  if (sides) return set(sides, value === null ? null : spacing(value));
  switch (property) {
    case 'textColor':
      return { color: value === null ? null : cssColour(value) };
    case 'backgroundColor':
      return { 'background-color': value === null ? null : cssColour(value) };
    case 'borderColor': {
      const colour = value === null ? null : cssColour(value);
      return colour ? { 'border-color': colour, 'border-style': 'solid' } : { 'border-color': null };
    }
    case 'fontSize':
      return { 'font-size': value === null ? null : (FONT_SIZES[value] ?? null) };
    case 'fontWeight':
      return { 'font-weight': value === null ? null : (WEIGHTS[value] ?? null) };
    case 'radius':
      return { 'border-radius': value === null ? null : (RADII[value] ?? null) };
    case 'textAlign':
      return { 'text-align': value !== null && ['left', 'center', 'right', 'justify'].includes(value) ? value : null };
    case 'visibility':
      return { display: value === 'hidden' ? 'none' : null };
  }
  return {};
}
