import { describe, expect, it } from 'vitest';
import { contentTypeOf, joinPath, ProjectFiles } from './project-files';

const files = new ProjectFiles(
  ['client/src/App.tsx', 'client/src/lib/utils.ts', 'client/src/ui/index.tsx', 'client/src/data.json', 'client/src/main.tsx'].map((path) => ({
    path,
    content: '',
  })),
);

describe('ProjectFiles.resolve', () => {
  it.each([
    ['@/App', 'client/src/main.tsx', 'client/src/App.tsx'],
    ['./App', 'client/src/main.tsx', 'client/src/App.tsx'],
    ['./lib/utils.ts', 'client/src/main.tsx', 'client/src/lib/utils.ts'],
    ['../App', 'client/src/lib/utils.ts', 'client/src/App.tsx'],
    ['@/ui', 'client/src/main.tsx', 'client/src/ui/index.tsx'],
    ['./data.json', 'client/src/main.tsx', 'client/src/data.json'],
    ['/src/App', 'client/index.html', 'client/src/App.tsx'],
  ])('%s from %s → %s', (spec, from, expected) => {
    expect(files.resolve(spec, from)).toBe(expected);
  });

  it('finds nothing outside the project or for bare names', () => {
    expect(files.resolve('../../../../etc/passwd', 'client/src/main.tsx')).toBeNull();
    expect(files.resolve('react', 'client/src/main.tsx')).toBeNull();
    expect(files.resolve('./Missing', 'client/src/main.tsx')).toBeNull();
  });
});

describe('helpers', () => {
  it('joins without escaping the root', () => {
    expect(joinPath('a/b', '../c/./d')).toBe('a/c/d');
    expect(joinPath('a', '../../x')).toBeNull();
  });

  it('knows content types by extension', () => {
    expect(contentTypeOf('a/b.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('x.SVG')).toBe('image/svg+xml');
    expect(contentTypeOf('noext')).toBe('application/octet-stream');
  });
});
