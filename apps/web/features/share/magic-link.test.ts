import { describe, expect, it } from 'vitest';
import { magicLinkFor } from './magic-link';

describe('the share link', () => {
  it('is built from the web address', () => {
    expect(magicLinkFor('http://localhost:3000/', 'abc')).toBe('http://localhost:3000/build/magic/abc');
  });
});
