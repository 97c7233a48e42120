import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script, without types
import { installationSessionSecret } from './session-secret.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tmp = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'sprout-secret-'));
  dirs.push(d);
  return path.join(d, 'data');
};

describe('installationSessionSecret', () => {
  it('makes a long random secret once, readable by its owner only, and keeps it', () => {
    const dir = tmp();
    const first = installationSessionSecret(dir) as string;
    expect(first).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(statSync(path.join(dir, 'session-secret')).mode & 0o777).toBe(0o600);
    expect(installationSessionSecret(dir)).toBe(first);
    expect(installationSessionSecret(tmp())).not.toBe(first);
  });

  it('replaces a kept secret too short to sign with', () => {
    const dir = tmp();
    installationSessionSecret(dir);
    writeFileSync(path.join(dir, 'session-secret'), 'short\n');
    const replaced = installationSessionSecret(dir) as string;
    expect(replaced.length).toBe(64);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(replaced);
  });
});
