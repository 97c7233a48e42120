import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode, statusesOf } from './error-codes';

describe('the error codes', () => {
  it('give every code 4xx or 5xx statuses and a sentence for people', () => {
    for (const code of Object.keys(ERROR_CODES) as (keyof typeof ERROR_CODES)[]) {
      expect(code).toMatch(/^[a-z]+(?:_[a-z]+)*$/);
      for (const s of statusesOf(code)) expect(s, code).toBeGreaterThanOrEqual(400);
      expect(ERROR_CODES[code].message, code).toMatch(/^[A-Z].*[.!]$/);
    }
  });

  it('know their own codes, and no inherited key', () => {
    expect(isErrorCode('email_taken')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('nope')).toBe(false);
  });
});
