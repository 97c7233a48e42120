import { describe, expect, it } from 'vitest';
import { isPageRoute, missingFile, requestPath, safeReturnPath } from './response';

describe('app host request helpers', () => {
  it('decodes paths and refuses traversal and NUL', () => {
    expect(requestPath('/a/b?x=1')).toMatchObject({ path: '/a/b' });
    expect(requestPath('/a%20b')!.path).toBe('/a b');
    expect(requestPath('/a/%2e%2e/b')).toMatchObject({ path: '/b' });
    expect(requestPath('/a/..%2fb')).toBeNull();
    expect(requestPath('/%00')).toBeNull();
    expect(requestPath('/%E0%A4%A')).toBeNull();
  });

  it('tells client-side routes from files', () => {
    expect(['/', '/index.html', '/tasks/12', '/a.b/c'].map(isPageRoute)).toEqual([true, true, true, true]);
    expect(['/logo.png', '/assets/main-X.js'].map(isPageRoute)).toEqual([false, false]);
  });

  it('answers a missing favicon with an empty 204 and other missing files with 404', () => {
    expect(missingFile('/favicon.ico')).toMatchObject({ status: 204, body: '' });
    expect(missingFile('/logo.png')).toMatchObject({ status: 404, body: 'Not found' });
    expect(missingFile('/assets/favicon.ico')).toMatchObject({ status: 404 });
  });

  it('only returns to paths on the same origin', () => {
    expect(safeReturnPath('/tasks?tab=2')).toBe('/tasks?tab=2');
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil', 'tasks', null, '/a\nb', '/a\u007fb', '/\ud800x'])
      expect(safeReturnPath(bad)).toBe('/');
    // A Location header carries ASCII only: the rest is percent-encoded, never a 500.
    expect(safeReturnPath('/café/ünïcode?q=日本 x#ß')).toBe('/caf%C3%A9/%C3%BCn%C3%AFcode?q=%E6%97%A5%E6%9C%AC%20x#%C3%9F');
  });
});
