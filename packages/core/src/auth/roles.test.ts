import { describe, expect, it } from 'vitest';
import { COURSE_ENGINEER, hasRole, isDeveloperToolbarUser, parseRoles } from './roles';

describe('roles', () => {
  it('reads a list of strings', () => {
    expect(parseRoles(['course_engineer', 'admin'])).toEqual(['course_engineer', 'admin']);
    expect(parseRoles([])).toEqual([]);
  });

  it('returns a copy', () => {
    const claim = ['a'];
    const roles = parseRoles(claim);
    roles.push('b');
    expect(claim).toEqual(['a']);
  });

  it('grants nothing for anything that is not a list of strings', () => {
    for (const claim of [
      undefined,
      null,
      'course_engineer',
      42,
      { 0: 'course_engineer', length: 1 },
      ['course_engineer', 1],
      ['course_engineer', null],
      [['course_engineer']],
      [{ toString: () => 'course_engineer' }],
    ]) {
      expect(parseRoles(claim)).toEqual([]);
      expect(isDeveloperToolbarUser(claim)).toBe(false);
    }
  });

  it('shows the developer toolbar to course engineers only', () => {
    expect(COURSE_ENGINEER).toBe('course_engineer');
    expect(isDeveloperToolbarUser(['course_engineer'])).toBe(true);
    expect(isDeveloperToolbarUser(['user', 'course_engineer'])).toBe(true);
    expect(isDeveloperToolbarUser(['Course_Engineer'])).toBe(false);
    expect(isDeveloperToolbarUser(['course_engineer '])).toBe(false);
    expect(isDeveloperToolbarUser(['admin'])).toBe(false);
  });

  it('checks any role by exact name', () => {
    expect(hasRole(['a', 'b'], 'b')).toBe(true);
    expect(hasRole(['a', 'b'], 'c')).toBe(false);
    expect(hasRole('b', 'b')).toBe(false);
  });
});
