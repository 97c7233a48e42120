import { describe, expect, it } from 'vitest';
import { assemblePage, cspHash, extractEntries } from './html';
import { ProjectFiles } from './project-files';

const files = (map: Record<string, string>) => new ProjectFiles(Object.entries(map).map(([path, content]) => ({ path, content })));

describe('extractEntries', () => {
  it('takes module scripts of project files out of the page', () => {
    const out = extractEntries(
      files({
        'client/index.html': '<html><head></head><body><script type="module" src="/src/main.tsx"></script><script src="https://x/y.js"></script></body></html>',
        'client/src/main.tsx': '',
      }),
    );
    expect(out).toEqual({ html: '<html><head></head><body><script src="https://x/y.js"></script></body></html>', entries: ['client/src/main.tsx'] });
  });

  it('falls back to client/src/main.tsx and a plain page', () => {
    const out = extractEntries(files({ 'client/src/main.tsx': '' }));
    expect('entries' in out && out.entries).toEqual(['client/src/main.tsx']);
    expect('html' in out && out.html).toContain('<div id="root"></div>');
  });

  it('explains what is missing', () => {
    expect(extractEntries(files({ 'client/index.html': '<body></body>' }))).toEqual({ error: expect.stringContaining('no entry module') });
    expect(extractEntries(files({ 'client/index.html': '<script type="module" src="../../etc/x.ts"></script>' }))).toEqual({
      error: expect.stringContaining('../../etc/x.ts'),
    });
  });
});

describe('assemblePage', () => {
  it('puts bridge, import map, styles and modules at the end of <head>, escaping the map', () => {
    const { html, scriptHashes } = assemblePage('<html><head><meta charset="utf-8"></head><body></body></html>', {
      headScripts: ['console.log(1)'],
      importMap: { x: '/v/</script>.js' },
      stylesheets: ['/a.css'],
      modules: ['/a.js'],
    });
    expect(html.indexOf('<meta charset')).toBeLessThan(html.indexOf('<script>console.log(1)</script>'));
    expect(html).not.toContain('</script>.js');
    expect(html).toContain('<link rel="stylesheet" href="/a.css" />');
    expect(html.indexOf('importmap')).toBeLessThan(html.indexOf('<script type="module" src="/a.js">'));
    expect(scriptHashes).toEqual([cspHash('console.log(1)'), cspHash('{"imports":{"x":"/v/\\u003c/script>.js"}}')]);
  });

  it('adds a head to a page without one', () => {
    expect(assemblePage('<div id="root"></div>', { headScripts: [], stylesheets: [], modules: ['/m.js'] }).html).toMatch(/^<!doctype html>\n<head>/);
  });
});

describe('cspHash', () => {
  it('is the base64 sha256 source expression', () => {
    expect(cspHash('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
  });
});
