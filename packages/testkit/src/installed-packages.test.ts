import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INSTALLED, linkInstalledPackages, missingPackages } from './installed-packages';

const versionOf = (name: string) => (JSON.parse(readFileSync(path.join(INSTALLED, name, 'package.json'), 'utf8')) as { version: string }).version;

/** A project folder with a package.json listing `dependencies` and `devDependencies`. */
function project(dependencies: Record<string, string>, devDependencies: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sprout-installed-'));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'p', dependencies, devDependencies }));
  return dir;
}

describe("a written-out project on the repository's packages", () => {
  it('resolves its pinned packages from the link, without an install', () => {
    const dir = project({ vitest: versionOf('vitest') }, { 'playwright-core': `^${versionOf('playwright-core')}` });
    linkInstalledPackages(dir);
    // The folder is outside the repository: only the link can lead there.
    const resolved = createRequire(path.join(dir, 'package.json')).resolve('playwright-core/package.json');
    expect(resolved).toBe(path.join(INSTALLED, 'playwright-core/package.json'));
  });

  it('is refused, naming every package the repository lacks or holds at another version', () => {
    const dir = project({ vitest: '0.0.1', 'no-such-package-here': '1.0.0' });
    expect(missingPackages(dir)).toEqual([`vitest@0.0.1 (installed: ${versionOf('vitest')})`, 'no-such-package-here@1.0.0 (installed: none)']);
    expect(() => linkInstalledPackages(dir)).toThrow("add them to the root package.json's devDependencies");
  });

  it('covers the starter project every export begins from: the repository installs its build tools', () => {
    expect(missingPackages(path.join(INSTALLED, '..', 'packages/template/files'))).toEqual([]);
  });
});
