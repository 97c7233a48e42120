import { describe, expect, it } from 'vitest';
import { isWorkspacePath } from './workspace-path';

describe('isWorkspacePath', () => {
  it('is a project page', () => {
    expect(isWorkspacePath('/build/0b6f3a4e-1c9d-4f7a-9e8b-2a6c5d4e3f21')).toBe(true);
    expect(isWorkspacePath('/build/abc/')).toBe(true);
  });

  it('is not the project list, a share link or any other page', () => {
    for (const p of ['/build', '/build/', '/build/magic', '/build/magic/abc', '/', '/settings', '/build/abc/extra', '/xbuild/abc', '', null, undefined]) {
      expect(isWorkspacePath(p), String(p)).toBe(false);
    }
  });
});
