import { describe, expect, it } from 'vitest';
import { routeAtVersion, splitRoute, withoutVersionParam } from './route';

describe('splitRoute', () => {
  it('sends path and query to the server and keeps the hash for the browser', () => {
    expect(splitRoute('/tasks/12?tab=2#notes')).toEqual({ path: '/tasks/12?tab=2', hash: '#notes' });
    expect(splitRoute('/')).toEqual({ path: '/', hash: '' });
  });

  it('falls back to the start for anything the preview session would refuse', () => {
    for (const bad of ['//evil.example/x', 'tasks', '/a b', '/a\\b', `/${'x'.repeat(2100)}`]) expect(splitRoute(bad)).toEqual({ path: '/', hash: '' });
  });
});

describe('the version parameter of an earlier version on view', () => {
  it('is added where the app is, and never kept as the app’s own route', () => {
    expect(routeAtVersion('/tasks/12?tab=2#notes', 'v1')).toBe('/tasks/12?tab=2&version=v1#notes');
    expect(routeAtVersion('/?version=old', 'v2')).toBe('/?version=v2');
    expect(withoutVersionParam('/tasks/12?tab=2&version=v1#notes')).toBe('/tasks/12?tab=2#notes');
    expect(withoutVersionParam('/?version=v1')).toBe('/');
    expect(withoutVersionParam('/a?subversion=2')).toBe('/a?subversion=2');
  });
});
