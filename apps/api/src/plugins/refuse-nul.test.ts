import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { containsNul } from './refuse-nul';

describe('containsNul', () => {
  it('finds NUL in any string or key, however deep', () => {
    expect(containsNul('a\u0000b')).toBe(true);
    expect(containsNul({ files: [{ path: 'a.ts', content: 'x\u0000' }] })).toBe(true);
    expect(containsNul({ 'k\u0000': 1 })).toBe(true);
    expect(containsNul([[[['\u0000']]]])).toBe(true);
  });

  it('passes everything else, binary bodies included', () => {
    for (const v of ['plain', 'emoji 🌱 and \u2028', { a: [1, null, true, 'x'] }, null, undefined, 42, Buffer.from([0, 1, 2])])
      expect(containsNul(v)).toBe(false);
  });

  it('does not walk a request stream, the body of a route that takes a file (it once never returned)', () => {
    const body = new PassThrough();
    body.end(Buffer.from('x\u0000'));
    expect(containsNul(body)).toBe(false);
    expect(containsNul(Object.assign(Object.create(null), { q: 'a\u0000' }))).toBe(true);
  });
});
