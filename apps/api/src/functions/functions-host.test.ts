import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteFunctionRuntime, type RuntimeHost } from '@sprout/functions';
import { freePort } from '@sprout/testkit';
import { appVisitor, loadConfig, newProject, previewCookie, useTestApp, writeProjectFiles } from '../testing';
import { FUNCTIONS_BRIDGE_PATH } from './config';
import { startFunctionsHost } from './host';

// The functions runtime as a process of its own (SPROUT_ROLE=functions): the API sends each call
// over HTTP with the shared token, and the runtime sends a function's ctx.db requests back to the
// API's bridge route with the call's signed grant. Both over real sockets on this machine.
const TOKEN = 'functions-host-test-token-0123456789abcdef';
const apiPort = await freePort();
const hostPort = await freePort();
const t = useTestApp(() => ({ FUNCTIONS_URL: `http://127.0.0.1:${hostPort}`, FUNCTIONS_TOKEN: TOKEN }));
const hostConfig = () =>
  loadConfig({
    SPROUT_ROLE: 'functions',
    FUNCTIONS_TOKEN: TOKEN,
    FUNCTIONS_PORT: String(hostPort),
    API_HOST: '127.0.0.1',
    FUNCTIONS_BRIDGE_URL: `http://127.0.0.1:${apiPort}`,
    FUNCTIONS_DIR: mkdtempSync(path.join(tmpdir(), 'sprout-fn-host-')),
  });
const lines: string[] = [];
let host: RuntimeHost | null = null;
const startHost = async () => {
  host = await startFunctionsHost(hostConfig(), (line) => lines.push(line));
};

beforeAll(async () => {
  await t.listen(apiPort);
  await startHost();
});
afterAll(async () => {
  await host?.close();
});

const NOTES = `export default async function (req: Request, ctx: any) {
  const { text } = await req.json();
  await ctx.db.collection('notes').add({ text });
  const page = await ctx.db.collection('notes').list({});
  return { notes: page.data.map((n: { text: string }) => n.text), key: ctx.env.NOTES_KEY.length };
}
`;

async function project() {
  const owner = await t.register();
  const sproutId = await newProject(t, owner);
  const { host: appHost, cookie } = await previewCookie(t, owner, sproutId);
  await t.api('PUT', `/build/v1/sprouts/${sproutId}/secrets/test/NOTES_KEY`, { token: owner.idToken, body: { value: 'notes-key-0123456789' } });
  return { owner, sproutId, write: (files: Record<string, string>) => writeProjectFiles(t, owner, sproutId, files), visitor: appVisitor(t, appHost, cookie) };
}

describe('a functions runtime of its own', () => {
  it('runs the calls the API sends it, and a function’s data goes through the API’s bridge', async () => {
    expect(await t.app.services.functions.runtime()).toBeInstanceOf(RemoteFunctionRuntime);
    const p = await project();
    await p.write({ 'functions/notes.ts': NOTES });
    const first = await p.visitor.call('POST', 'functions/notes', { text: 'Buy milk' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ notes: ['Buy milk'], key: 20 });
    expect((await p.visitor.call('POST', 'functions/notes', { text: 'Call Ada' })).json()).toEqual({ notes: ['Buy milk', 'Call Ada'], key: 20 });
    const logs = await t.api('GET', `/build/v1/sprouts/${p.sproutId}/functions/test/logs`, { token: p.owner.idToken });
    expect(logs.json().calls.map((c: { status: number }) => c.status)).toEqual([200, 200]);
  });

  it('a new version, and a runtime that restarted and lost what it had, still get the code they need; a runtime that is down is a clear 503', async () => {
    const p = await project();
    await p.write({ 'functions/version.ts': "export default () => 'one';" });
    expect((await p.visitor.call('GET', 'functions/version')).json()).toBe('one');
    await p.write({ 'functions/version.ts': "export default () => 'two';" });
    expect((await p.visitor.call('GET', 'functions/version')).json()).toBe('two');

    await host!.close();
    host = null;
    const down = await p.visitor.call('GET', 'functions/version');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: 'unavailable', message: 'Functions are unavailable right now. Try again in a moment.' });
    await startHost();
    expect((await p.visitor.call('GET', 'functions/version')).json()).toBe('two');
  });

  it('answers nobody without the shared token, in either direction', async () => {
    const call = await fetch(`http://127.0.0.1:${hostPort}/v1/calls`, { method: 'POST', headers: { authorization: 'Bearer wrong' }, body: '{}' });
    expect(call.status).toBe(401);
    const bridge = (authorization: string, callToken: string) =>
      t.app.inject({
        method: 'POST',
        url: FUNCTIONS_BRIDGE_PATH,
        headers: { authorization, 'x-sprout-call': callToken, 'content-type': 'application/json' },
        payload: { op: 'list', collection: 'notes', query: {} },
      });
    expect((await bridge('Bearer wrong', 'x')).statusCode).toBe(401);
    // The shared token alone reaches no app's data: the call's own grant is forged here.
    const forged = await bridge(`Bearer ${TOKEN}`, 'eyJuYW1lIjoieCJ9.forged');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ code: 'unauthenticated', message: 'This call has ended.' });
  });
});
