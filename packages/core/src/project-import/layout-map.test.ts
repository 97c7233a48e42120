import { describe, expect, it } from 'vitest';
import { placeInLayout } from './layout-map';

describe('placeInLayout', () => {
  it("keeps Sprout's layout as it is", () => {
    expect(placeInLayout('sprout', 'functions/send.ts')).toEqual({ to: 'functions/send.ts' });
  });

  it("moves a Vite app's page, sources and public files into client/", () => {
    expect(placeInLayout('vite', 'index.html')).toEqual({ to: 'client/index.html' });
    expect(placeInLayout('vite', 'src/App.tsx')).toEqual({ to: 'client/src/App.tsx' });
    expect(placeInLayout('vite', 'public/robots.txt')).toEqual({ to: 'client/public/robots.txt' });
    expect(placeInLayout('vite', 'package.json')).toEqual({ to: 'package.json' });
    expect(placeInLayout('vite', 'CHANGELOG.md')).toEqual({ to: 'CHANGELOG.md' });
  });

  it("makes CRA's public page the page, and nothing else's", () => {
    expect(placeInLayout('cra', 'public/index.html')).toEqual({ to: 'client/index.html' });
    expect(placeInLayout('cra', 'index.html')).toMatchObject({ reason: expect.stringMatching(/Outside/) });
  });

  it("gives Sprout's own settings precedence and leaves other folders out whole", () => {
    expect(placeInLayout('vite', 'vite.config.ts')).toMatchObject({ reason: expect.stringMatching(/Vite and TypeScript settings/) });
    expect(placeInLayout('vite', 'tsconfig.node.json')).toMatchObject({ reason: expect.stringMatching(/Vite and TypeScript settings/) });
    expect(placeInLayout('vite', 'tailwind.config.js')).toMatchObject({ reason: expect.stringMatching(/Tailwind v4/) });
    expect(placeInLayout('vite', 'supabase/migrations/1.sql')).toEqual({ folder: 'supabase', reason: expect.stringMatching(/Outside/) });
    expect(placeInLayout('vite', 'eslint.config.js')).toMatchObject({ reason: expect.stringMatching(/Outside/) });
  });
});
