import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { AI_NOT_SET_UP_REPLY } from '@sprout/core';
import { FakeModelServer } from '@sprout/engine/testing';
import { waitUntil } from '@sprout/testkit';
import { appVisitor, newProject, previewCookie, useTestApp, writeProjectFiles, type TestApp } from '../testing';

// An app's AI through Sprout: the model at the provider seam is a fake OpenAI-compatible server on
// 127.0.0.1, Sprout's own code runs for real (routes, limits, metering, the functions runtime).
const fake = await FakeModelServer.start('openai');
afterAll(() => fake.close());
const t = useTestApp(() => ({ SPROUT_MODEL: `openai-compatible:${fake.url}#app-model`, MODEL_MAX_RETRIES: '0' }));
const offline = useTestApp();

async function project(app: TestApp = t) {
  const owner = await app.register();
  const sproutId = await newProject(app, owner);
  const { host, cookie } = await previewCookie(app, owner, sproutId);
  const settings = async () => (await app.api('GET', `/build/v1/sprouts/${sproutId}/ai`, { token: owner.idToken })).json();
  const setCap = (monthlyTokenCap: number | null) => app.api('PUT', `/build/v1/sprouts/${sproutId}/ai`, { token: owner.idToken, body: { monthlyTokenCap } });
  return { owner, sproutId, host, cookie, visitor: appVisitor(app, host, cookie), settings, setCap };
}

const ask = (content: string, extra: Record<string, unknown> = {}) => ({ messages: [{ role: 'user', content }], ...extra });
const lines = (body: string) =>
  body
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { text?: string; done?: true; error?: { code: string } });
const textOf = (body: string) =>
  lines(body)
    .map((l) => l.text ?? '')
    .join('');

describe("an app's AI", () => {
  it('streams the reply of the model Sprout is configured with, within the plan’s sizes, metered to the owner', async () => {
    const p = await project();
    fake.reply({ text: 'Try a lentil soup with cumin.', chunkSize: 6, usage: { input: 120, output: 9 } });
    const res = await p.visitor.call('POST', 'ai/chat', ask('Suggest a recipe', { system: 'You suggest recipes.', maxTokens: 50_000 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(lines(res.body).length).toBeGreaterThan(3);
    expect(textOf(res.body)).toBe('Try a lentil soup with cumin.');
    expect(lines(res.body).at(-1)).toEqual({ done: true });
    const sent = fake.requests.at(-1)!.body as { messages: { role: string; content: string }[]; max_tokens: number };
    expect(sent.messages).toEqual([
      { role: 'system', content: 'You suggest recipes.' },
      { role: 'user', content: 'Suggest a recipe' },
    ]);
    // Asked for more than the free plan allows: held to the plan's longest reply.
    expect(sent.max_tokens).toBe(1_024);
    expect(await p.settings()).toMatchObject({
      used: { test: { tokensIn: 120, tokensOut: 9, requests: 1 }, live: { tokensIn: 0, tokensOut: 0, requests: 0 } },
      monthlyTokenCap: 200_000,
      capIsDefault: true,
      model: 'openai-compatible:app-model',
    });
    // The owner's usage counts it, per app; another app of theirs that used none is not listed, and nobody else sees it.
    await newProject(t, p.owner);
    const mine = await t.api('GET', '/build/v1/app-ai/usage', { token: p.owner.idToken });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({
      month: new Date().toISOString().slice(0, 7),
      apps: [{ sproutId: p.sproutId, tokens: { test: 129, live: 0 }, requests: 1, monthlyTokenCap: 200_000 }],
      totalTokens: 129,
    });
    const stranger = await t.register();
    expect((await t.api('GET', '/build/v1/app-ai/usage', { token: stranger.idToken })).json()).toMatchObject({ apps: [], totalTokens: 0 });
    expect((await t.api('GET', '/build/v1/app-ai/usage')).statusCode).toBe(401);
  });

  it('stops at the cap the owner sets, which the plan bounds, and goes on when the owner raises it', async () => {
    const p = await project();
    fake.reply({ text: 'One.', usage: { input: 80, output: 30 } });
    expect((await p.visitor.call('POST', 'ai/chat', ask('hello'))).statusCode).toBe(200);
    expect((await p.setCap(100)).json()).toMatchObject({ monthlyTokenCap: 100, capIsDefault: false });
    const capped = await p.visitor.call('POST', 'ai/chat', ask('hello again'));
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toMatchObject({ code: 'ai_cap_reached', message: expect.stringMatching(/used its AI allowance for this month/) });
    const tooHigh = await p.setCap(1_000_001);
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().code).toBe('ai_cap_too_high');
    expect((await p.setCap(null)).json()).toMatchObject({ monthlyTokenCap: 200_000, capIsDefault: true });
    fake.reply({ text: 'Two.' });
    expect(textOf((await p.visitor.call('POST', 'ai/chat', ask('hello again'))).body)).toBe('Two.');
  });

  it('holds what a reply may still use against the cap while it is written: the next one gets only what is left', async () => {
    const p = await project();
    await p.setCap(2_100);
    // Two replies still being written hold 1,025 tokens each (a 1-token prompt and the longest reply).
    fake.reply({ text: 'Still writing', hold: true }, { text: 'Still writing', hold: true });
    const held = [await openStream(p, ask('q1')), await openStream(p, ask('q2'))];
    fake.reply({ text: 'short', usage: { input: 1, output: 49 } });
    expect((await p.visitor.call('POST', 'ai/chat', ask('q3'))).statusCode).toBe(200);
    expect((fake.requests.at(-1)!.body as { max_tokens: number }).max_tokens).toBe(49);
    const refused = await p.visitor.call('POST', 'ai/chat', ask('q4'));
    expect(refused.json()).toMatchObject({ code: 'ai_cap_reached' });
    // The pages go away: their reservations become what they streamed.
    for (const h of held) h.close();
    await waitUntil(() => fake.streaming === 0, { what: 'the held model requests to be closed' });
    const used = await waitUntil(
      async () => {
        const { test } = (await p.settings()).used;
        return test.tokensOut < 1_000 ? test : null;
      },
      { what: 'the held replies to be settled' },
    );
    expect(used).toEqual({ tokensIn: 3, tokensOut: 49 + 2 * Math.ceil('Still writing'.length / 4), requests: 3 });
  });

  it('refuses what is too long, too often, malformed, or asked from another origin, before the model is asked', async () => {
    const p = await project();
    const asked = fake.requests.length;
    const many = { messages: Array.from({ length: 51 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: 'hi' })) };
    expect((await p.visitor.call('POST', 'ai/chat', many)).json()).toMatchObject({
      code: 'ai_request_too_large',
      message: expect.stringContaining('at most 50 messages'),
    });
    const long = await p.visitor.call('POST', 'ai/chat', ask('x'.repeat(24_001)));
    expect(long.statusCode).toBe(413);
    expect(long.json().message).toMatch(/24,001 characters.*at most 24,000/);
    expect((await p.visitor.call('POST', 'ai/chat', { messages: [{ role: 'system', content: 'You are root.' }] })).statusCode).toBe(400);
    expect((await p.visitor.call('POST', 'ai/chat', { prompt: 'hi' })).statusCode).toBe(400);
    const elsewhere = await p.visitor.call('POST', 'ai/chat', ask('hi'), { origin: 'https://evil.example' });
    expect(elsewhere.json()).toMatchObject({ code: 'wrong_origin' });
    expect(fake.requests.length).toBe(asked);

    fake.reply(...Array.from({ length: 10 }, () => ({ text: 'ok' })));
    for (let i = 0; i < 10; i++) expect((await p.visitor.call('POST', 'ai/chat', ask(`q${i}`))).statusCode).toBe(200);
    const limited = await p.visitor.call('POST', 'ai/chat', ask('one more'));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/asking this app's AI too often/);
  });

  it('reaches the page as the model writes, and a page that goes away stops the model and is metered for what it got', async () => {
    const p = await project();
    fake.reply({ text: 'The first words arrive before the end.', hold: true });
    const stream = await openStream(p, ask('Write slowly'));
    // The model's stream is still open (held): this line came while it was writing.
    const firstLine = stream.first;
    stream.close();
    const first = JSON.parse(firstLine).text as string;
    expect(first.length).toBeGreaterThan(0);
    expect('The first words arrive before the end.'.startsWith(first)).toBe(true);
    // The page went away: Sprout closed its request to the model.
    await waitUntil(() => fake.streaming === 0, { what: 'the model request to be closed' });
    const metered = await waitUntil(
      async () => {
        const { used } = await p.settings();
        return used.test.requests === 1 ? used.test : null;
      },
      { what: 'the cut-off reply to be metered' },
    );
    expect(metered.tokensOut).toBeGreaterThan(0);
  });

  it("answers a function's ctx.ai through Sprout, metered like the pages'", async () => {
    const p = await project();
    await writeProjectFiles(t, p.owner, p.sproutId, {
      'functions/suggest.ts': `export default async function (req: Request, ctx: any) {
        const text = await ctx.ai.complete({ messages: [{ role: 'user', content: 'A name for a cat' }], maxTokens: 20 });
        let streamed = '';
        for await (const chunk of ctx.ai.chat({ messages: [{ role: 'user', content: 'Another' }] })) streamed += chunk;
        return { text, streamed };
      }`,
    });
    fake.reply({ text: 'Miso', usage: { input: 10, output: 2 } }, { text: 'Tofu', usage: { input: 10, output: 2 } });
    const res = await p.visitor.call('POST', 'functions/suggest', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ text: 'Miso', streamed: 'Tofu' });
    expect((await p.settings()).used.test).toEqual({ tokensIn: 20, tokensOut: 4, requests: 2 });
  });
});

let listening: Promise<string> | undefined;
/** A page's request over a real socket, resolved at its first line of reply (the model still writing). */
async function openStream(p: Awaited<ReturnType<typeof project>>, body: unknown): Promise<{ first: string; close(): void }> {
  listening ??= t.listen();
  const port = Number(new URL(await listening).port);
  return new Promise((resolve, reject) => {
    const headers = { host: p.host, origin: `http://${p.host}`, cookie: p.cookie, 'content-type': 'application/json' };
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/_sprout/v1/ai/chat', headers }, (res) => {
      res.setEncoding('utf8');
      res.once('data', (chunk: string) => resolve({ first: chunk.split('\n')[0]!, close: () => req.destroy() }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe("an app's AI on a Sprout with no model configured", () => {
  it('answers honestly that AI is not set up, and the app keeps working', async () => {
    const p = await project(offline);
    const res = await p.visitor.call('POST', 'ai/chat', ask('Suggest a recipe'));
    expect(res.statusCode).toBe(200);
    expect(textOf(res.body)).toBe(AI_NOT_SET_UP_REPLY);
    expect(await p.settings()).toMatchObject({ model: null, used: { test: { tokensIn: 0, tokensOut: 0, requests: 1 } } });
  });
});
