import { describe, expect, it } from 'vitest';
import { SitePageCaches } from './site-caches';

describe('SitePageCaches', () => {
  it('keep the most recently set entries, up to their bound', () => {
    const caches = new SitePageCaches();
    for (let i = 0; i < 201; i++) caches.pages.set(`p${i}`, new Uint8Array([i]));
    expect(caches.pages.has('p0')).toBe(false);
    expect(caches.pages.get('p200')).toEqual(new Uint8Array([200]));
    caches.routeLists.set('d1', null);
    expect(caches.routeLists.has('d1')).toBe(true);
    expect(caches.routeLists.get('d1')).toBeNull();
  });
});
