import { describe, expect, it } from 'vitest';
import { validateProjectFiles, validateProjectPath } from '@sprout/core';
import { starterFiles } from './starter-files';

describe('starterFiles', () => {
  const files = starterFiles();

  it('holds the starter screen titled "Sprout starter"', () => {
    const app = files.find((f) => f.name === 'client/src/App.tsx');
    expect(app?.content).toContain('Sprout starter');
    expect(files.map((f) => f.name)).toEqual(expect.arrayContaining(['client/index.html', 'client/src/main.tsx', 'client/src/lib/utils.ts']));
  });

  it('has the complete UI library of the starter, shadcn-style on the unified radix-ui package', () => {
    const ui = files.filter((f) => f.name.startsWith('client/src/components/ui/')).map((f) => f.name.split('/').pop());
    expect(ui.sort()).toEqual(
      ['button', 'calendar', 'card', 'checkbox', 'command', 'dialog', 'input', 'label', 'popover', 'progress', 'select', 'slider', 'switch', 'table'].map(
        (n) => `${n}.tsx`,
      ),
    );
    for (const f of files.filter((x) => x.name.startsWith('client/src/components/ui/'))) {
      expect(f.content, f.name).not.toMatch(/@radix-ui\//);
      expect(f.content, f.name).toContain('data-slot=');
    }
    expect(files.find((f) => f.name.endsWith('ui/calendar.tsx'))!.content).toContain("from 'react-day-picker'");
    expect(files.find((f) => f.name.endsWith('ui/command.tsx'))!.content).toContain("from 'cmdk'");
  });

  it('has light and dark theme tokens and builds standalone with Vite', () => {
    const css = files.find((f) => f.name === 'client/src/index.css')!.content;
    expect(css).toContain("@import 'tailwindcss';");
    expect(css).toMatch(/:root \{[^}]*--background:/);
    expect(css).toMatch(/\.dark \{[^}]*--background:/);
    const manifest = JSON.parse(files.find((f) => f.name === 'package.json')!.content);
    expect(manifest.scripts.build).toBe('vite build');
    expect(files.find((f) => f.name === 'vite.config.ts')!.content).toContain("root: 'client'");
  });

  it('has the ignore rules and formatter config of the starter', () => {
    const ignore = files.find((f) => f.name === '.gitignore')!.content.split('\n');
    expect(ignore).toEqual(expect.arrayContaining(['node_modules', 'build', 'dist', 'drizzle', '.vscode']));
    expect(JSON.parse(files.find((f) => f.name === '.prettierrc')!.content)).toEqual({ singleQuote: true, trailingComma: 'all' });
  });

  it('has the app backend client: react its only package, one base URL, declared for Vite', () => {
    const client = files.find((f) => f.name === 'client/src/lib/sprout.ts')!.content;
    // Besides react, only its own sibling modules (payments), which import nothing of it: no cycle.
    expect([...client.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1])).toEqual(['react', './sprout-payments', './sprout-analytics']);
    for (const sibling of ['sprout-payments', 'sprout-analytics']) {
      const content = files.find((f) => f.name === `client/src/lib/${sibling}.ts`)!.content;
      expect(content).not.toMatch(/^import /m);
      // Handed what they need by the client: one place reads the backend's address.
      expect(content).not.toContain('import.meta.env');
    }
    expect(client).toContain("const BASE = (import.meta.env.VITE_SPROUT_BACKEND_URL ?? '') + '/_sprout/v1';");
    expect(client.match(/\bBASE\b/g)).toHaveLength(4);
    expect(client).toContain("credentials: 'same-origin'");
    // Every generated app carries it, and the model reads it: data, users, files and functions in one small file.
    expect(client.split('\n').length).toBeLessThan(400);
    expect(files.find((f) => f.name === 'client/src/vite-env.d.ts')!.content).toContain('readonly VITE_SPROUT_BACKEND_URL?: string;');
  });

  it('passes the project path and size rules', () => {
    for (const f of files) expect(validateProjectPath(f.name)).toEqual({ ok: true, path: f.name });
    expect(validateProjectFiles(files)).toEqual({ ok: true });
  });

  it('returns copies, so callers cannot corrupt the cache', () => {
    files[0]!.content = 'changed';
    expect(starterFiles()[0]!.content).not.toBe('changed');
  });
});
