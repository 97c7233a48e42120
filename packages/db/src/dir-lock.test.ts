import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDirLock, DataDirLockedError } from './dir-lock';

describe('acquireDirLock', () => {
  it('refuses a directory held by a live process and names it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lock-'));
    // pid 1 is always alive.
    writeFileSync(path.join(dir, '.lock'), '1');
    expect(() => acquireDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDirLock(dir)).toThrow(/already open in process 1/);
  });

  it('takes over a lock left by a dead process and releases it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lock-'));
    writeFileSync(path.join(dir, '.lock'), '999999999');
    const release = acquireDirLock(dir);
    expect(readFileSync(path.join(dir, '.lock'), 'utf8')).toBe(String(process.pid));
    expect(() => acquireDirLock(dir)).toThrow(DataDirLockedError);
    release();
    expect(existsSync(path.join(dir, '.lock'))).toBe(false);
  });
});
