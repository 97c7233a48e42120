import { describe, expect, it } from 'vitest';
import { cssColour, PALETTE_COLOURS } from './palette';
import { previewCss } from './preview-css';

describe('cssColour', () => {
  it('gives hex codes as they are, theme tokens as their variables, palette names as Tailwind variables with a fallback', () => {
    expect(cssColour('#1f7a4d')).toBe('#1f7a4d');
    expect(cssColour('primary')).toBe('var(--primary)');
    expect(cssColour('emerald-700')).toBe('var(--color-emerald-700, #047857)');
    expect(cssColour('lime-200')).toBe('var(--color-lime-200)');
    expect(cssColour('white')).toBe('#ffffff');
  });
  it.each([['red'], ['#12345g'], ['url(x)'], ['var(--x)'], ['emerald-700; color: red']])('refuses %s', (v) => {
    expect(cssColour(v)).toBeNull();
  });
  it('offers each palette colour once', () => {
    expect(new Set(PALETTE_COLOURS.map((c) => c.value)).size).toBe(PALETTE_COLOURS.length);
  });
});

describe('previewCss', () => {
  it('shows spacing on the sides the property covers', () => {
    expect(previewCss('padding', '4')).toEqual({ padding: 'calc(var(--spacing, 0.25rem) * 4)' });
    expect(previewCss('paddingX', '2.5')).toEqual({
      'padding-left': 'calc(var(--spacing, 0.25rem) * 2.5)',
      'padding-right': 'calc(var(--spacing, 0.25rem) * 2.5)',
    });
    expect(previewCss('marginX', 'auto')).toEqual({ 'margin-left': 'auto', 'margin-right': 'auto' });
    expect(previewCss('gap', null)).toEqual({ gap: null });
  });
  it('shows colours, type, radius, alignment and visibility', () => {
    expect(previewCss('backgroundColor', 'emerald-700')).toEqual({ 'background-color': 'var(--color-emerald-700, #047857)' });
    expect(previewCss('fontSize', '2xl')).toEqual({ 'font-size': '1.5rem' });
    expect(previewCss('fontWeight', 'bold')).toEqual({ 'font-weight': '700' });
    expect(previewCss('radius', 'full')).toEqual({ 'border-radius': '9999px' });
    expect(previewCss('textAlign', 'center')).toEqual({ 'text-align': 'center' });
    expect(previewCss('visibility', 'hidden')).toEqual({ display: 'none' });
    expect(previewCss('visibility', 'visible')).toEqual({ display: null });
  });
  it('clears what it cannot show instead of writing it', () => {
    expect(previewCss('padding', '1000')).toEqual({ padding: null });
    expect(previewCss('textColor', 'javascript:alert(1)')).toEqual({ color: null });
    expect(previewCss('fontSize', 'huge')).toEqual({ 'font-size': null });
  });
});
