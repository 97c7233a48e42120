import { describe, expect, it } from 'vitest';
import { MAX_VISIT_PATH, referrerSource, VisitInput } from './visit-input';

describe('VisitInput', () => {
  it('takes a page view and an event as the page sends them', () => {
    expect(VisitInput.parse({ type: 'pageview', path: '/shop', entry: true, referrer: 'https://news.example/a?b=c' })).toEqual({
      type: 'pageview',
      path: '/shop',
      entry: true,
      referrer: 'https://news.example/a?b=c',
    });
    expect(VisitInput.parse({ type: 'pageview', path: '/' })).toEqual({ type: 'pageview', path: '/', entry: false });
    expect(VisitInput.parse({ type: 'event', path: '/', name: 'add_to_cart', props: { sku: 'x1', qty: 2, gift: false } })).toMatchObject({
      name: 'add_to_cart',
    });
  });

  it.each([
    ['no type', { path: '/' }],
    ['another type', { type: 'click', path: '/' }],
    ['a path that is not one', { type: 'pageview', path: 'https://evil.example/' }],
    ['a path over the limit', { type: 'pageview', path: `/${'a'.repeat(MAX_VISIT_PATH)}` }],
    ['an unknown field', { type: 'pageview', path: '/', visitor: 'me' }],
    ['an event without a name', { type: 'event', path: '/' }],
    ['an event name with markup', { type: 'event', path: '/', name: '<img src=x onerror=alert(1)>' }],
    ['a nested property', { type: 'event', path: '/', name: 'x', props: { a: { b: 1 } } }],
    ['too many properties', { type: 'event', path: '/', name: 'x', props: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, i])) }],
    ['a long property', { type: 'event', path: '/', name: 'x', props: { a: 'x'.repeat(201) } }],
  ])('refuses %s', (_what, input) => {
    expect(VisitInput.safeParse(input).success).toBe(false);
  });
});

describe('referrerSource', () => {
  it('keeps only another site’s host name', () => {
    expect(referrerSource('https://www.News.example/story?id=42', 'shop.sites.example')).toBe('news.example');
    expect(referrerSource('http://blog.example:8080/', 'shop.sites.example')).toBe('blog.example');
  });

  it('is direct for nothing, the app’s own pages and what is not a web address', () => {
    expect(referrerSource(undefined, 'shop.sites.example')).toBeNull();
    expect(referrerSource('', 'shop.sites.example')).toBeNull();
    expect(referrerSource('https://shop.sites.example/about', 'shop.sites.example')).toBeNull();
    expect(referrerSource('javascript:alert(1)', 'shop.sites.example')).toBeNull();
    expect(referrerSource('not a url', 'shop.sites.example')).toBeNull();
  });
});
