import { describe, expect, it } from 'vitest';
import { safeRegex } from './safe-regex';

describe('safeRegex', () => {
  it('takes ordinary patterns', () => {
    for (const p of ['use[A-Z]\\w+', '^import .* from', '(?:foo|bar)Baz', 'a{2,3}', '(\\d+)-(\\d+)', '(?<name>x)y+', 'a(b)?c', '[(+*)]+'])
      expect(safeRegex(p, false)).toBeInstanceOf(RegExp);
    expect((safeRegex('app', true) as RegExp).test('App')).toBe(true);
  });

  it('refuses patterns whose matching time can explode, backreferences, lookbehind and nonsense', () => {
    expect(safeRegex('(a+)+$', false)).toMatch(/^A repeated group may not repeat inside/);
    expect(safeRegex('(a|aa)*b', false)).toMatch(/^A repeated group/);
    expect(safeRegex('((ab)*c)+', false)).toMatch(/^A repeated group/);
    expect(safeRegex('(x\\w*){2,}', false)).toMatch(/^A repeated group/);
    expect(safeRegex('(a)\\1', false)).toBe('Backreferences are not allowed.');
    expect(safeRegex('(?<=a)b', false)).toBe('Lookbehind is not allowed.');
    expect(safeRegex('a'.repeat(201), false)).toBe('The pattern is longer than 200 characters.');
    expect(safeRegex('(unclosed', false)).toMatch(/^Not a valid regular expression/);
  });
});
