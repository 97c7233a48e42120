import { writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaledTimeout } from '@sprout/testkit';
import { exportProjectFiles, FUNCTIONS_RUNNER } from './export-project';
import { starterFiles } from './starter-files';
import { ViteProjects } from './testing/vite-projects';

// An export's server functions on the person's machine: the exported vite.config.ts loads
// sprout-functions.mjs, which runs functions/<name>.ts in `npm run dev` and `npm run preview` with
// .env as ctx.env and the backend at SPROUT_BACKEND_URL as ctx.db (a stand-in for it here).
const vite = new ViteProjects();
const seen: { method: string; url: string; origin?: string; cookie?: string; body: string }[] = [];
const backend = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    seen.push({ method: req.method!, url: req.url!, origin: req.headers.origin, cookie: req.headers.cookie, body });
    res.setHeader('content-type', 'application/json');
    if (req.url === '/_sprout/v1/auth/me') {
      const signedIn = req.headers.cookie?.includes('sprout_user=ada');
      return res.end(JSON.stringify({ user: signedIn ? { id: 'user-ada', email: 'ada@example.com' } : null }));
    }
    if (req.url === '/_sprout/v1/ai/chat') {
      res.setHeader('content-type', 'application/x-ndjson');
      return res.end('{"text":"Miso"}\n{"text":" soup"}\n{"done":true}\n');
    }
    if (req.url === '/_sprout/v1/collections/notes' && req.method === 'POST') {
      res.statusCode = 201;
      return res.end(JSON.stringify({ id: 'note-1', ...JSON.parse(body) }));
    }
    res.end(JSON.stringify({ from: 'backend', url: req.url }));
  });
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

const PROJECT: Record<string, string> = {
  'lib/greet.ts': 'export const greet = (greeting: string, name: string): string => `${greeting}, ${name}`;\n',
  'functions/hello.ts': `import { greet } from '../lib/greet';
export default async function (req: Request, ctx: any) {
  const { name } = await req.json();
  ctx.log('greeting', name);
  return { text: greet(ctx.env.GREETING, name), method: req.method };
}
`,
  'functions/members.ts': "export const access = 'signed-in';\nexport default (req: Request, ctx: any) => ({ email: ctx.user.email });\n",
  'functions/save-note.ts': "export default async (req: Request, ctx: any) => ctx.db.collection('notes').add(await req.json());\n",
  'functions/suggest.ts': `export default async (req: Request, ctx: any) => {
  const idea = await ctx.ai.complete({ messages: [{ role: 'user', content: 'A soup' }] });
  const mail = await ctx.email.send({ to: 'ada@example.com', subject: 'Your idea', text: idea });
  const refund = await ctx.payments.refund('pay-1').then(() => 'refunded', (err: any) => err.code);
  return { idea, mail, refund };
};
`,
  'functions/broken.ts': "export default () => { throw new Error('the price is missing'); };\n",
  'functions/page.ts': "export default () => new Response('<p>hi</p>', { status: 201, headers: { 'content-type': 'text/html', 'set-cookie': 'x=1' } });\n",
};

/** The export of a project with functions, as written to disk (the runner included). */
function exported(): string {
  const files = exportProjectFiles([...starterFiles(), ...Object.entries(PROJECT).map(([name, content]) => ({ name, content }))], [], 'runner-test');
  const byName = Object.fromEntries(files.map((f) => [f.name, f.content]));
  expect(byName[FUNCTIONS_RUNNER]).toContain('export function sproutFunctions');
  expect(byName['README.md']).toContain('## Server functions');
  return vite.write({
    ...byName,
    'dist/index.html': '<!doctype html><title>built</title>',
    '.env': `SPROUT_BACKEND_URL=${backendUrl}\nGREETING=Good morning\n`,
  });
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('the export’s local functions runner', () => {
  it('runs a function with its imports and .env in `vite`, fresh after an edit; other calls go to the backend', {
    timeout: scaledTimeout(60_000),
  }, async () => {
    const dir = exported();
    const url = await vite.start(dir, 'dev');
    const hello = await post(`${url}/_sprout/v1/functions/hello`, { name: 'Ada' });
    expect(hello.status).toBe(200);
    expect(await hello.json()).toEqual({ text: 'Good morning, Ada', method: 'POST' });
    writeFileSync(path.join(dir, 'lib/greet.ts'), 'export const greet = (greeting: string, name: string): string => `${greeting}!! ${name}`;\n');
    expect(await (await post(`${url}/_sprout/v1/functions/hello`, { name: 'Ada' })).json()).toEqual({ text: 'Good morning!! Ada', method: 'POST' });

    const before = seen.length;
    expect(await (await fetch(`${url}/_sprout/v1/functions/remote-only`)).json()).toEqual({ from: 'backend', url: '/_sprout/v1/functions/remote-only' });
    expect(seen.slice(before).map((s) => s.url)).toEqual(['/_sprout/v1/functions/remote-only']);
  });

  it('follows access, reaches the backend’s data as the caller, and says why a function failed, in `vite preview`', {
    timeout: scaledTimeout(60_000),
  }, async () => {
    const url = await vite.start(exported(), 'preview');
    const anonymous = await fetch(`${url}/_sprout/v1/functions/members`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ code: 'sign_in_required', message: 'Sign in to use this.' });
    const member = await fetch(`${url}/_sprout/v1/functions/members`, { headers: { cookie: 'sprout_user=ada' } });
    expect(await member.json()).toEqual({ email: 'ada@example.com' });

    const saved = await post(`${url}/_sprout/v1/functions/save-note`, { text: 'Buy milk' }, { cookie: 'sprout_visitor=v1' });
    expect(await saved.json()).toEqual({ id: 'note-1', text: 'Buy milk' });
    expect(seen.find((s) => s.url === '/_sprout/v1/collections/notes')).toMatchObject({
      method: 'POST',
      origin: backendUrl,
      cookie: 'sprout_visitor=v1',
      body: '{"text":"Buy milk"}',
    });

    // ctx.ai is the backend's, asked as the caller; ctx.email is shown in the terminal, never sent from here; refunds are Sprout's.
    const suggested = await post(`${url}/_sprout/v1/functions/suggest`, {}, { cookie: 'sprout_visitor=v1' });
    expect(await suggested.json()).toEqual({ idea: 'Miso soup', mail: { id: null, status: 'not_sent' }, refund: 'payments_not_set_up' });
    expect(seen.find((s) => s.url === '/_sprout/v1/ai/chat')).toMatchObject({ origin: backendUrl, cookie: 'sprout_visitor=v1' });

    const broken = await fetch(`${url}/_sprout/v1/functions/broken`);
    expect(broken.status).toBe(500);
    expect(await broken.json()).toEqual({ code: 'function_error', message: 'The function "broken" failed: the price is missing' });
    const page = await fetch(`${url}/_sprout/v1/functions/page`);
    expect(page.status).toBe(201);
    expect(page.headers.get('content-type')).toBe('text/html');
    expect(page.headers.get('set-cookie')).toBeNull();
    expect(await page.text()).toBe('<p>hi</p>');
    expect(await (await fetch(`${url}/`)).text()).toContain('<title>built</title>');
  });

  it('is left out of a project without functions, whose vite.config.ts then runs none', () => {
    const files = exportProjectFiles(starterFiles(), [], 'plain');
    expect(files.map((f) => f.name)).not.toContain(FUNCTIONS_RUNNER);
    expect(files.find((f) => f.name === 'README.md')!.content).not.toContain('## Server functions');
  });
});
