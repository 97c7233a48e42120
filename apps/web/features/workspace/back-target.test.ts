import { describe, expect, it } from 'vitest';
import { backTarget } from './back-target';

describe('backTarget', () => {
  it('goes to the previous in-app route, ignoring query changes of this page', () => {
    expect(backTarget(['/', '/build', '/build/abc', '/build/abc?tab=code'], '/build/abc')).toBe('/build');
  });

  it('skips pages that would redirect or start something again', () => {
    expect(backTarget(['/pricing', '/init-project?prompt=x', '/build/abc?prompt=x'], '/build/abc')).toBe('/pricing');
    expect(backTarget(['/build', '/build/magic/xyz', '/build/copy'], '/build/copy')).toBe('/build');
    expect(backTarget(['/login?redirectUrl=%2Fbuild%2Fabc', '/build/abc'], '/build/abc')).toBe('/build');
  });

  it('falls back to the project list', () => {
    expect(backTarget([], '/build/abc')).toBe('/build');
  });
});
