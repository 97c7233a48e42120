import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scaledTimeout } from '@sprout/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { starterFiles } from './starter-files';

// The template's vite.config.ts run by the real Vite, as `npm run dev` and `npm run preview` of an export
// run it, against a stand-in for the app's backend. The React and Tailwind plugins are the export's own dev
// dependencies and are not installed in this repository; they play no part in forwarding, so they are
// replaced by plugins that do nothing.
const REPO_MODULES = fileURLToPath(new URL('../../../node_modules', import.meta.url));
const VITE = path.join(REPO_MODULES, 'vite/bin/vite.js');

interface Seen {
  url: string;
  host: string | undefined;
  origin: string | undefined;
}

const seen: Seen[] = [];
const backend = http.createServer((req, res) => {
  seen.push({ url: req.url!, host: req.headers.host, origin: req.headers.origin });
  res.setHeader('set-cookie', `sprout_app=abc; Domain=127.0.0.1; Path=/; HttpOnly; SameSite=Lax`);
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ user: null }));
});
let backendUrl = '';
const dirs: string[] = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  backendUrl = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => backend.close(resolve));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function project(env?: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sprout-vite-config-'));
  dirs.push(dir);
  const config = starterFiles()
    .find((f) => f.name === 'vite.config.ts')!
    .content.replace("import react from '@vitejs/plugin-react';", "const react = () => ({ name: 'react' });")
    .replace("import tailwindcss from '@tailwindcss/vite';", "const tailwindcss = () => ({ name: 'tailwindcss' });");
  expect(config).not.toContain('@vitejs/plugin-react');
  writeFileSync(path.join(dir, 'vite.config.ts'), config);
  mkdirSync(path.join(dir, 'client'));
  writeFileSync(path.join(dir, 'client/index.html'), '<!doctype html><title>app</title>');
  mkdirSync(path.join(dir, 'dist'));
  writeFileSync(path.join(dir, 'dist/index.html'), '<!doctype html><title>built</title>');
  if (env !== undefined) writeFileSync(path.join(dir, '.env'), env);
  symlinkSync(REPO_MODULES, path.join(dir, 'node_modules'), 'dir');
  return dir;
}

/** Starts `vite` or `vite preview` in the project and resolves with its address once it listens. */
function start(dir: string, command: 'dev' | 'preview', env: Record<string, string> = {}): Promise<string> {
  const args = command === 'dev' ? [VITE, '--host', '127.0.0.1', '--port', '0'] : [VITE, 'preview', '--host', '127.0.0.1', '--port', '0'];
  const { SPROUT_BACKEND_URL: _, ...inherited } = process.env;
  const child = spawn(process.execPath, args, { cwd: dir, env: { ...inherited, NO_COLOR: '1', ...env } });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    // Inside the test's limit, so the error shows what Vite printed; both grow with the machine's load.
    const timer = setTimeout(() => reject(new Error(`vite did not start:\n${out}`)), scaledTimeout(30_000));
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const url = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(out)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`vite exited (${code}):\n${out}`)));
  });
}

describe("the template's vite.config.ts", () => {
  it('forwards /_sprout in `vite` to SPROUT_BACKEND_URL, as the backend’s own origin, with its cookies kept for localhost', {
    timeout: scaledTimeout(60_000),
  }, async () => {
    const url = await start(project(), 'dev', { SPROUT_BACKEND_URL: `${backendUrl}/any/page` });
    const res = await fetch(`${url}/_sprout/v1/auth/me?x=1`, { headers: { origin: url } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: null });
    expect(seen.at(-1)).toEqual({ url: '/_sprout/v1/auth/me?x=1', host: new URL(backendUrl).host, origin: backendUrl });
    expect(res.headers.get('set-cookie')).toBe('sprout_app=abc; Path=/; HttpOnly; SameSite=Lax');
    // The app itself is still served by Vite.
    expect(await (await fetch(`${url}/`)).text()).toContain('<title>app</title>');
  });

  it('reads the address from a .env next to package.json, and forwards in `vite preview` too', { timeout: scaledTimeout(60_000) }, async () => {
    const url = await start(project(`SPROUT_BACKEND_URL=${backendUrl}\n`), 'preview');
    const before = seen.length;
    const res = await fetch(`${url}/_sprout/v1/collections/tasks`);
    expect(res.status).toBe(200);
    expect(seen.slice(before)).toEqual([{ url: '/_sprout/v1/collections/tasks', host: new URL(backendUrl).host, origin: backendUrl }]);
    expect(await (await fetch(`${url}/`)).text()).toContain('<title>built</title>');
  });

  it('reaches a backend under .localhost (a Sprout on the same machine), which Node’s resolver does not know', {
    timeout: scaledTimeout(60_000),
  }, async () => {
    const published = `http://my-app.sites.localhost:${new URL(backendUrl).port}`;
    const url = await start(project(), 'dev', { SPROUT_BACKEND_URL: published });
    const before = seen.length;
    const res = await fetch(`${url}/_sprout/v1/collections/guests`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(200);
    expect(seen.slice(before)).toEqual([{ url: '/_sprout/v1/collections/guests', host: new URL(published).host, origin: published }]);
  });

  it('forwards nothing without SPROUT_BACKEND_URL', { timeout: scaledTimeout(60_000) }, async () => {
    const url = await start(project(), 'dev');
    const before = seen.length;
    await fetch(`${url}/_sprout/v1/auth/me`);
    expect(seen.length).toBe(before);
  });
});
