import { describe, expect, it } from 'vitest';
import type { PreviewManifest } from '@sprout/preview';
import { candidateManifest, MAX_EVENT_MANIFEST_CHARS } from './candidate-manifest';

const manifestOf = (files: number): PreviewManifest => ({
  version: 'c1',
  base: '/_sprout/build/c1/',
  html: 'abc',
  entries: ['client/src/main.tsx'],
  modules: Object.fromEntries(
    Array.from({ length: files }, (_, i) => [
      `client/src/components/Feature${i}.tsx`,
      { name: `Feature${i}-0123456789.js`, own: '0123456789abcdef', deps: [] },
    ]),
  ),
  styles: [{ id: 'client/src/index.css', name: 'index-0123456789.css' }],
  packages: ['react', 'react-dom/client'],
});

describe('candidateManifest', () => {
  it('puts a project’s module list in the event, and leaves a large one out', () => {
    const small = manifestOf(40);
    expect(candidateManifest(small)).toEqual({ manifest: small });
    const large = manifestOf(400);
    expect(JSON.stringify(large).length).toBeGreaterThan(MAX_EVENT_MANIFEST_CHARS);
    expect(candidateManifest(large)).toEqual({});
    expect(candidateManifest(undefined)).toEqual({});
  });
});
