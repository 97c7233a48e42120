import { describe, expect, it } from 'vitest';
import { starterFiles } from '@sprout/template';
import { lintFiles, lintHtml, lintJs } from './lint';

describe('lint', () => {
  it('passes the starter page', () => {
    const index = starterFiles().find((f) => f.name === 'client/index.html')!;
    expect(lintHtml(index.name, index.content)).toEqual([]);
  });

  it('reports unpaired tags in HTML', () => {
    const r = lintHtml('client/index.html', '<!doctype html><html><head><title>x</title></head><body><div><p>x</div></body></html>');
    expect(r[0]).toMatchObject({ source: 'htmlhint', file: 'client/index.html', line: 1, message: expect.stringContaining('Tag must be paired') });
  });

  it('reports syntax errors in plain JS with ES2020 features allowed', () => {
    expect(lintJs('client/src/a.js', 'export const a = b?.c ?? 1;\n')).toEqual([]);
    expect(lintJs('client/src/a.js', 'let x = ;\n')[0]).toMatchObject({ source: 'jshint', line: 1 });
  });

  it('lints only changed HTML and plain JS files', () => {
    const files = new Map([
      ['client/src/a.js', 'let x = ;'],
      ['client/src/b.js', 'let y = ;'],
      ['client/src/App.tsx', 'let z = ;'],
    ]);
    expect(lintFiles(files, ['client/src/a.js', 'client/src/App.tsx']).map((i) => i.file)).toEqual(['client/src/a.js']);
  });
});
