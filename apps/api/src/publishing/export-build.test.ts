import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '@sprout/preview';
import { linkInstalledPackages, scaledTimeout } from '@sprout/testkit';
import { useTestApp } from '../testing';

const run = promisify(execFile);
const t = useTestApp();
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sprout-export-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

// Outside npm's own environment (npm_config_* from `npm test` would steer the nested `npm run`).
const cleanEnv = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_')));

describe('an exported project', () => {
  it(
    "builds with its own `npm run build` (Vite) on the repository's installed packages",
    async () => {
      const s = await t.register();
      const p = (await t.api('POST', '/v1/sprouts', { token: s.idToken, body: { displayName: 'Standalone' } })).json();
      const res = await t.app.inject({ method: 'GET', url: `/build/v1/sprouts/${p.id}/export`, headers: { authorization: `Bearer ${s.idToken}` } });
      expect(res.statusCode).toBe(200);
      for (const entry of readZip(res.rawPayload)) {
        const target = path.join(dir, entry.name);
        expect(target.startsWith(dir + path.sep)).toBe(true);
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, entry.data);
      }
      const project = path.join(dir, 'standalone');
      const options = { cwd: project, env: cleanEnv(), maxBuffer: 64 * 1024 * 1024 };
      // The versions the export pins, from the repository's node_modules: no registry while tests run.
      linkInstalledPackages(project);
      await run('npm', ['run', 'build'], options);
      const html = await readFile(path.join(project, 'dist/index.html'), 'utf8');
      expect(html).toContain('<title>Sprout starter</title>');
      const assets = await readdir(path.join(project, 'dist/assets'));
      const js = assets.find((a) => a.endsWith('.js'))!;
      const css = assets.find((a) => a.endsWith('.css'))!;
      expect(await readFile(path.join(project, 'dist/assets', js), 'utf8')).toContain('Sprout starter');
      expect(await readFile(path.join(project, 'dist/assets', css), 'utf8')).toContain('bg-background');
    },
    // npm, then Vite with Tailwind over the whole starter, in processes of their own.
    scaledTimeout(120_000),
  );
});
