import { describe, expect, it } from 'vitest';
import { DISPLAY_NAME_MAX, defaultDisplayName, normalizeDisplayName } from './naming';

describe('defaultDisplayName', () => {
  it('covers 100 to 999 inclusive', () => {
    expect(defaultDisplayName(() => 0)).toBe('Sprout - 100');
    expect(defaultDisplayName(() => 0.9999999)).toBe('Sprout - 999');
    expect(defaultDisplayName(() => 0.5)).toBe('Sprout - 550');
  });

  it('stays in range with a misbehaving random source', () => {
    expect(defaultDisplayName(() => 1)).toBe('Sprout - 999');
    expect(defaultDisplayName(() => 7)).toBe('Sprout - 999');
    expect(defaultDisplayName(() => -1)).toBe('Sprout - 100');
    expect(defaultDisplayName(() => Number.NaN)).toBe('Sprout - 100');
  });

  it('uses Math.random by default', () => {
    for (let i = 0; i < 200; i++) expect(defaultDisplayName()).toMatch(/^Sprout - [1-9]\d\d$/);
  });
});

describe('normalizeDisplayName', () => {
  it('trims and otherwise keeps the name', () => {
    expect(normalizeDisplayName('  My  shop\u00E9 ')).toEqual({ ok: true, value: 'My  shop\u00E9' });
    expect(normalizeDisplayName('🌱 Garden')).toEqual({ ok: true, value: '🌱 Garden' });
  });

  it('accepts 1 to 100 characters after trimming', () => {
    expect(DISPLAY_NAME_MAX).toBe(100);
    expect(normalizeDisplayName('x')).toEqual({ ok: true, value: 'x' });
    expect(normalizeDisplayName(` ${'x'.repeat(100)} `)).toEqual({ ok: true, value: 'x'.repeat(100) });
    expect(normalizeDisplayName('x'.repeat(101))).toEqual({ ok: false, message: 'Name must be at most 100 characters' });
  });

  it('refuses empty names', () => {
    for (const blank of ['', '   ', '\n\t', '\u00A0']) {
      expect(normalizeDisplayName(blank)).toEqual({ ok: false, message: 'Name cannot be empty' });
    }
  });

  it('refuses control and bidi characters inside the name', () => {
    for (const bad of ['a\u0000b', 'a\nb', 'a\rb', 'a\u007Fb', 'a\u0085b', 'a\u202Eb', 'gpj.\u2066exe']) {
      expect(normalizeDisplayName(bad)).toEqual({ ok: false, message: 'Name cannot contain control characters' });
    }
  });

  it('refuses non-strings smuggled past the types', () => {
    expect(normalizeDisplayName(null as unknown as string)).toEqual({ ok: false, message: 'Name must be text' });
    expect(normalizeDisplayName(42 as unknown as string).ok).toBe(false);
  });
});
