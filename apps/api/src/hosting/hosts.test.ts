import { describe, expect, it } from 'vitest';
import { classifyHost, previewOriginOf, siteUrlOf } from './hosts';

const domains = { previewDomain: 'preview.localhost:3001', sitesDomain: 'sites.localhost:3001' };

describe('classifyHost', () => {
  it.each([
    ['abc123.preview.localhost:3001', { kind: 'preview', sproutId: 'abc123' }],
    ['ABC123.Preview.Localhost:3001', { kind: 'preview', sproutId: 'abc123' }],
    ['abc123.preview.localhost', { kind: 'preview', sproutId: 'abc123' }],
    ['abc123.preview.localhost:9999', { kind: 'preview', sproutId: 'abc123' }],
    ['my-app.sites.localhost:3001', { kind: 'site', slug: 'my-app' }],
    ['preview.localhost:3001', { kind: 'unknown' }],
    ['a.b.preview.localhost:3001', { kind: 'unknown' }],
    ['a-b.preview.localhost:3001', { kind: 'unknown' }],
    ['-bad.sites.localhost:3001', { kind: 'unknown' }],
    ['sites.localhost', { kind: 'unknown' }],
  ])('%s → %j', (host, expected) => {
    expect(classifyHost(host, domains)).toEqual(expected);
  });

  it.each(['localhost:3001', '127.0.0.1:3001', 'evilpreview.localhost:3001', 'preview.localhost.evil.com', undefined])('leaves %s to the API', (host) => {
    expect(classifyHost(host, domains)).toBeNull();
  });

  it('builds origins and URLs', () => {
    expect(previewOriginOf('abc', { ...domains, appProtocol: 'http' })).toBe('http://abc.preview.localhost:3001');
    expect(siteUrlOf('my-app', { ...domains, appProtocol: 'https' })).toBe('https://my-app.sites.localhost:3001');
  });
});
