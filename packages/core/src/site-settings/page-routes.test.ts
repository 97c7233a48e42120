import { describe, expect, it } from 'vitest';
import { isKnownRoute, pageRouteKey, prerenderedFileOf } from './page-routes';

describe('page routes', () => {
  it('keys routes without trailing slashes and refuses files', () => {
    expect(pageRouteKey('/')).toBe('/');
    expect(pageRouteKey('/index.html')).toBe('/');
    expect(pageRouteKey('/about/')).toBe('/about');
    expect(pageRouteKey('/a/b?x=1')).toBe('/a/b');
    expect(pageRouteKey('/logo.png')).toBeNull();
    expect(pageRouteKey('//evil.example')).toBeNull();
    expect(pageRouteKey('/a/../b')).toBeNull();
    expect(pageRouteKey('about')).toBeNull();
  });

  it('names each route’s file', () => {
    expect(prerenderedFileOf('/')).toBe('_prerendered/index.html');
    expect(prerenderedFileOf('/a/b')).toBe('_prerendered/a/b.html');
  });

  it('knows the routes found and their siblings below the top level, not other addresses', () => {
    const routes = new Set(['/', '/about', '/tasks/3']);
    expect(isKnownRoute('/about', routes)).toBe(true);
    expect(isKnownRoute('/tasks/12', routes)).toBe(true);
    expect(isKnownRoute('/contact', routes)).toBe(false);
    expect(isKnownRoute('/tasks', routes)).toBe(false);
    expect(isKnownRoute('/tasks/12/edit', routes)).toBe(false);
    expect(isKnownRoute('/nope/12', routes)).toBe(false);
  });
});
