import { describe, expect, it } from 'vitest';
import { ALLOWED_PACKAGES } from './allowed-packages';
import { buildTooling, exportPackageJson, exportProjectFiles } from './export-project';
import { starterFiles } from './starter-files';

describe('exportPackageJson', () => {
  it('lists the imported allowed packages at their versions, with the tooling and scripts of the template', () => {
    const manifest = JSON.parse(
      exportPackageJson('{"name":"x","description":"Mine","scripts":{"lint":"eslint ."}}', ['zod', 'react', 'react', 'left-pad'], 'Todo App!'),
    );
    expect(manifest).toMatchObject({
      name: 'todo-app',
      description: 'Mine',
      private: true,
      type: 'module',
      scripts: { lint: 'eslint .', build: 'vite build', dev: 'vite' },
      dependencies: { react: ALLOWED_PACKAGES.react, zod: ALLOWED_PACKAGES.zod },
    });
    expect(Object.keys(manifest.dependencies)).toEqual(['react', 'zod']);
    expect(manifest.devDependencies).toEqual(buildTooling());
    expect(Object.keys(buildTooling())).toEqual(expect.arrayContaining(['vite', '@vitejs/plugin-react', '@tailwindcss/vite', 'tailwindcss']));
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
