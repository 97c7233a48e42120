import { describe, expect, it } from 'vitest';
import { cloneAddress, lastUsedText, scopeLabel } from './git-text';

describe('git texts', () => {
  it('makes the clone address from the API address', () => {
    expect(cloneAddress('https://api.sprout.dev', 'abc123')).toBe('https://api.sprout.dev/git/abc123.git');
    expect(cloneAddress('http://localhost:3001//', 'abc')).toBe('http://localhost:3001/git/abc.git');
  });

  it('words scopes and last use', () => {
    expect(scopeLabel('read')).toBe('Read');
    expect(scopeLabel('write')).toBe('Read and write');
    const now = new Date('2026-12-02T12:00:00Z');
    expect(lastUsedText(null, now)).toBe('Never used');
    expect(lastUsedText('2026-12-02T09:00:00Z', now)).toBe('Used today');
    expect(lastUsedText('2026-01-05T09:00:00Z', now)).toBe('Last used Jan 5, 2026');
  });
});
