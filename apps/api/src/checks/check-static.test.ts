import { describe, expect, it } from 'vitest';
import { localAnswer, type StaticAnswer, VendorAnswers } from './check-static';

const base = '/_sprout/build/v1abc/';
const assets = new Map([
  ['App.tsx.1a2b.js', { contentType: 'text/javascript; charset=utf-8', body: new TextEncoder().encode('export default 1;') }],
  ['index.css.3c4d.css', { contentType: 'text/css; charset=utf-8', body: new TextEncoder().encode('body{}') }],
]);
const vendor = (cacheControl: string, statusCode = 200, body = 'export const React = 1;'): StaticAnswer => ({
  statusCode,
  headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': cacheControl, 'x-content-type-options': 'nosniff' },
  rawPayload: Buffer.from(body),
});

describe('localAnswer', () => {
  it("answers the candidate's own built files from its build, with the preview host's headers", () => {
    const answer = localAnswer(`${base}App.tsx.1a2b.js`, base, assets, new VendorAnswers())!;
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.toString()).toBe('export default 1;');
    expect(answer.headers).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'private, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(localAnswer(`${base}index.css.3c4d.css`, base, assets, new VendorAnswers())!.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('leaves everything else to the API: unknown names, other versions, the page, public files, the app backend', () => {
    for (const path of [
      `${base}Missing.tsx.9999.js`,
      `${base}`,
      '/_sprout/build/other/App.tsx.1a2b.js',
      '/',
      '/logo.svg',
      '/_sprout/v1/data/todos',
      '/_sprout/vendor/k1/never-asked.js',
    ]) {
      expect(localAnswer(path, base, assets, new VendorAnswers()), path).toBeNull();
    }
  });
});

describe('VendorAnswers', () => {
  it('keeps an immutable vendor file for the next checks', () => {
    const vendorAnswers = new VendorAnswers();
    vendorAnswers.keep('/_sprout/vendor/k1/react.js', vendor('public, max-age=31536000, immutable'));
    const kept = localAnswer('/_sprout/vendor/k1/react.js', base, assets, vendorAnswers)!;
    expect(kept.rawPayload.toString()).toBe('export const React = 1;');
    expect(kept.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps nothing that may change or is not a vendor file: errors, no-store answers, other paths', () => {
    const vendorAnswers = new VendorAnswers();
    vendorAnswers.keep('/_sprout/vendor/k1/missing.js', vendor('no-store', 404));
    vendorAnswers.keep('/_sprout/vendor/k1/fresh.js', vendor('no-cache'));
    vendorAnswers.keep('/_sprout/vendor/k1/nested/deep.js', vendor('public, max-age=31536000, immutable'));
    vendorAnswers.keep('/', vendor('public, max-age=31536000, immutable'));
    vendorAnswers.keep('/logo.svg', vendor('public, max-age=31536000, immutable'));
    for (const path of ['/_sprout/vendor/k1/missing.js', '/_sprout/vendor/k1/fresh.js', '/_sprout/vendor/k1/nested/deep.js', '/', '/logo.svg']) {
      expect(localAnswer(path, base, assets, vendorAnswers), path).toBeNull();
    }
  });

  it('holds a bounded number of files, the oldest leaving first', () => {
    const vendorAnswers = new VendorAnswers();
    for (let i = 0; i < 300; i++) vendorAnswers.keep(`/_sprout/vendor/flood/f${i}.js`, vendor('public, max-age=31536000, immutable', 200, `f${i}`));
    expect(localAnswer('/_sprout/vendor/flood/f0.js', base, assets, vendorAnswers)).toBeNull();
    expect(localAnswer('/_sprout/vendor/flood/f299.js', base, assets, vendorAnswers)!.rawPayload.toString()).toBe('f299');
  });

  it('keeps apart in each register: what one render check was sent is not another’s', () => {
    const one = new VendorAnswers();
    one.keep('/_sprout/vendor/k1/react.js', vendor('public, max-age=31536000, immutable'));
    expect(localAnswer('/_sprout/vendor/k1/react.js', base, assets, new VendorAnswers())).toBeNull();
  });
});
