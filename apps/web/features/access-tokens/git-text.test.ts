import { describe, expect, it } from 'vitest';
import { cloneAddress, lastUsedText, pulledText, scopeLabel, syncedText } from './git-text';

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

  it('says what a pull brought and when the remote was last synced', () => {
    expect(pulledText(0)).toMatch(/^Nothing new/);
    expect(pulledText(1)).toBe('1 version came in from the remote.');
    expect(pulledText(3)).toBe('3 versions came in from the remote.');
    expect(syncedText('pushed', null, () => 'x')).toBe('Never pushed');
    expect(syncedText('pulled', '2026-12-02T09:00:00Z', () => '3 minutes ago')).toBe('Last pulled 3 minutes ago');
  });
});
