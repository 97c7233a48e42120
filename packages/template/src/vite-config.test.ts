import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaledTimeout } from '@sprout/testkit';
import { starterFiles } from './starter-files';
import { ViteProjects } from './testing/vite-projects';

// The template's vite.config.ts run by the real Vite, as `npm run dev` and `npm run preview` of an export
// run it (./testing/vite-projects.ts), against a stand-in for the app's backend.
const vite = new ViteProjects();

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

beforeAll(async () => {
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  backendUrl = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
});

afterAll(async () => {
  vite.cleanUp();
  await new Promise((resolve) => backend.close(resolve));
});

function project(env?: string): string {
  const config = starterFiles().find((f) => f.name === 'vite.config.ts')!.content;
  return vite.write({
    'vite.config.ts': config,
    'client/index.html': '<!doctype html><title>app</title>',
    'dist/index.html': '<!doctype html><title>built</title>',
    ...(env === undefined ? {} : { '.env': env }),
  });
}

const start = (dir: string, command: 'dev' | 'preview', env: Record<string, string> = {}) => vite.start(dir, command, env);

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
