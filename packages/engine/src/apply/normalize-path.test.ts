import { describe, expect, it } from 'vitest';
import { normalizePath } from './normalize-path';

describe('normalizePath', () => {
  it.each([
    ['src/App.tsx', 'client/src/App.tsx'],
    ['./src/components/A.tsx', 'client/src/components/A.tsx'],
    ['./client/src/App.tsx', 'client/src/App.tsx'],
    ['public/logo.svg', 'client/public/logo.svg'],
    ['index.html', 'client/index.html'],
    ['client/src/App.tsx', 'client/src/App.tsx'],
    ['package.json', 'package.json'],
    ['/etc/passwd', '/etc/passwd'],
    ['../x.ts', '../x.ts'],
  ])('%s → %s', (input, output) => {
    expect(normalizePath(input)).toBe(output);
  });
});
