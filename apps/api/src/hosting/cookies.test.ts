import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies';

describe('readCookie', () => {
  it('reads one cookie of a Cookie header, keeping = inside its value', () => {
    expect(readCookie(undefined, 'x')).toBeUndefined();
    expect(readCookie('x=1=2; y', 'x')).toBe('1=2');
  });
});
