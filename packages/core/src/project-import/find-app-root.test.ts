import { describe, expect, it } from 'vitest';
import { findAppRoot, notAnAppReason, wrapperFolder } from './find-app-root';

describe('findAppRoot', () => {
  it('recognises each layout at the root', () => {
    expect(findAppRoot(['client/index.html', 'client/src/main.tsx', 'package.json'])).toEqual({ folder: '', layout: 'sprout' });
    expect(findAppRoot(['index.html', 'src/main.tsx'])).toEqual({ folder: '', layout: 'vite' });
    expect(findAppRoot(['public/index.html', 'src/index.js'])).toEqual({ folder: '', layout: 'cra' });
  });

  it('prefers the root, then the usual names of a web app folder, then the shallowest', () => {
    const both = ['index.html', 'src/main.tsx', 'frontend/index.html', 'frontend/src/main.tsx'];
    expect(findAppRoot(both)).toEqual({ folder: '', layout: 'vite' });
    const mono = [
      'docs/site/index.html',
      'docs/site/src/a.ts',
      'packages/web/index.html',
      'packages/web/src/main.tsx',
      'frontend/index.html',
      'frontend/src/main.tsx',
    ];
    expect(findAppRoot(mono)).toEqual({ folder: 'frontend/', layout: 'vite' });
    expect(findAppRoot(['x/index.html', 'x/src/a.ts', 'a/b/index.html', 'a/b/src/a.ts'])).toEqual({ folder: 'x/', layout: 'vite' });
  });

  it('takes a client/ folder with its own package.json as a monorepo app, not as Sprout’s layout', () => {
    expect(findAppRoot(['client/package.json', 'client/index.html', 'client/src/main.tsx'])).toEqual({ folder: 'client/', layout: 'vite' });
  });

  it('finds nothing without a page and its sources', () => {
    expect(findAppRoot(['index.html'])).toBeNull();
    expect(findAppRoot(['src/main.tsx', 'package.json'])).toBeNull();
    expect(findAppRoot(['a/b/c/d/index.html', 'a/b/c/d/src/main.tsx'])).toBeNull();
  });
});

describe('wrapperFolder', () => {
  it('is the one folder every path is in', () => {
    expect(wrapperFolder(['app/a', 'app/b/c'])).toBe('app/');
    expect(wrapperFolder(['app/a', 'other/b'])).toBe('');
    expect(wrapperFolder(['a', 'app/b'])).toBe('');
    expect(wrapperFolder([])).toBe('');
  });
});

describe('notAnAppReason', () => {
  it('names the framework it recognises', () => {
    expect(notAnAppReason(['next.config.mjs'])).toMatch(/Next\.js/);
    expect(notAnAppReason(['angular.json'])).toMatch(/another framework/);
    expect(notAnAppReason(['a.txt'])).toMatch(/^This does not look like a Vite or React project: no index\.html/);
  });
});
