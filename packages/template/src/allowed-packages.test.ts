import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALLOWED_PACKAGES, isAllowedPackage } from './allowed-packages';

describe('ALLOWED_PACKAGES', () => {
  it('holds what the issue promises generated code, at exact versions', () => {
    for (const name of [
      'react',
      'react-dom',
      'radix-ui',
      'lucide-react',
      'class-variance-authority',
      'clsx',
      'tailwind-merge',
      'cmdk',
      'react-day-picker',
      'date-fns',
      '@dnd-kit/core',
      '@dnd-kit/sortable',
      '@dnd-kit/utilities',
      'zustand',
      'react-router-dom',
      'recharts',
      'sonner',
      'zod',
      'react-hook-form',
      'motion',
    ]) {
      expect(isAllowedPackage(name), name).toBe(true);
      expect(ALLOWED_PACKAGES[name]).toMatch(/^\d+\.\d+\.\d+$/);
    }
    expect(isAllowedPackage('axios')).toBe(false);
    expect(isAllowedPackage('constructor')).toBe(false);
  });

  it('matches what is installed, so the preview runs the versions an export pins', () => {
    for (const [name, version] of Object.entries(ALLOWED_PACKAGES)) {
      const installed = JSON.parse(readFileSync(new URL(`../../../node_modules/${name}/package.json`, import.meta.url), 'utf8')).version;
      expect(installed, name).toBe(version);
    }
  });

  it('matches the starter project’s own package.json', () => {
    const starter = JSON.parse(readFileSync(new URL('../files/package.json', import.meta.url), 'utf8'));
    for (const [name, version] of Object.entries(starter.dependencies)) expect(version, name).toBe(ALLOWED_PACKAGES[name]);
  });
});
