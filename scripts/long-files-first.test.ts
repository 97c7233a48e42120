import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LONG_FILES, longFilesFirst } from './long-files-first';

const q = (project: string, file: string) => ({ project, file });

describe('longFilesFirst', () => {
  it('starts the project holding the longest file first, its long files first, and keeps the rest in order', () => {
    const files = [
      q('api', 'a.test.ts'),
      q('api', 'b.test.ts'),
      q('core', 'c.test.ts'),
      q('security', 'd.test.ts'),
      q('security', 'slow.test.ts'),
      q('web', 'e.test.ts'),
    ];
    const known = { 'security:slow.test.ts': 75, 'api:b.test.ts': 20 };
    expect(longFilesFirst(files, known).map((f) => `${f.project}:${f.file}`)).toEqual([
      'security:slow.test.ts',
      'security:d.test.ts',
      'api:b.test.ts',
      'api:a.test.ts',
      'core:c.test.ts',
      'web:e.test.ts',
    ]);
  });

  it('keeps every file once and a project’s files together, in Vitest’s order when nothing is known', () => {
    const files = [q('web', 'x.test.ts'), q('api', 'y.test.ts'), q('web', 'z.test.ts')];
    expect(longFilesFirst(files, {})).toEqual([files[0], files[2], files[1]]);
    expect(longFilesFirst([], {})).toEqual([]);
  });
});

describe('LONG_FILES', () => {
  // Each project's root, as vitest.config.ts sets it.
  const roots: Record<string, string> = { api: 'apps/api', 'api-browser': 'apps/api', security: 'security', reliability: 'reliability', e2e: 'e2e' };
  it('names only files that exist, in projects it knows the root of', () => {
    const missing = Object.keys(LONG_FILES).filter((key) => {
      const [project, file] = key.split(':') as [string, string];
      const root = roots[project];
      return !root || !existsSync(fileURLToPath(new URL(`../${root}/${file}`, import.meta.url)));
    });
    expect(missing).toEqual([]);
  });
});
