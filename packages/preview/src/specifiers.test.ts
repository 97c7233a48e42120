import { describe, expect, it } from 'vitest';
import { flatSpecifier, isBareSpecifier, isNodeBuiltin, parseBareSpecifier, unavailablePackageMessage } from './specifiers';

describe('specifiers', () => {
  it('splits package names and subpaths', () => {
    expect(parseBareSpecifier('react')).toEqual({ name: 'react', subpath: '' });
    expect(parseBareSpecifier('react-dom/client')).toEqual({ name: 'react-dom', subpath: 'client' });
    expect(parseBareSpecifier('@dnd-kit/core')).toEqual({ name: '@dnd-kit/core', subpath: '' });
    expect(parseBareSpecifier('date-fns/locale/en-US')).toEqual({ name: 'date-fns', subpath: 'locale/en-US' });
    expect(parseBareSpecifier('React')).toBeNull();
    expect(parseBareSpecifier('react/../../x')).toBeNull();
    expect(parseBareSpecifier('@scope')).toBeNull();
  });

  it('tells bare imports from paths, aliases and URLs', () => {
    expect(['react', '@radix-ui/x'].map(isBareSpecifier)).toEqual([true, true]);
    expect(['./a', '../a', '/a', '@/a', 'https://x', 'data:x'].map(isBareSpecifier)).toEqual([false, false, false, false, false, false]);
    expect([isNodeBuiltin('node:fs'), isNodeBuiltin('fs/promises'), isNodeBuiltin('react')]).toEqual([true, true, false]);
  });

  it('names what is available', () => {
    expect(unavailablePackageMessage('left-pad', { zod: '4', react: '19' })).toBe("Package 'left-pad' is not available in Sprout. Available: react, zod.");
    expect(unavailablePackageMessage('axios', { zod: '4', react: '19' })).toBe(
      "Package 'axios' is not available in Sprout. Use the browser's built-in fetch instead. Available: react, zod.",
    );
    expect(flatSpecifier('@dnd-kit/core')).toBe('@dnd-kit~core');
  });
});
