import { describe, expect, it } from 'vitest';
import { splitRoute } from './use-preview-route';

describe('splitRoute', () => {
  it('sends path and query to the server and keeps the hash for the browser', () => {
    expect(splitRoute('/tasks/12?tab=2#notes')).toEqual({ path: '/tasks/12?tab=2', hash: '#notes' });
    expect(splitRoute('/')).toEqual({ path: '/', hash: '' });
  });

  it('falls back to the start for anything the preview session would refuse', () => {
    for (const bad of ['//evil.example/x', 'tasks', '/a b', '/a\\b', `/${'x'.repeat(2100)}`]) expect(splitRoute(bad)).toEqual({ path: '/', hash: '' });
  });
});
