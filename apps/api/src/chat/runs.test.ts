import { beforeAll, describe, expect, it } from 'vitest';
import {
  APP,
  expectWellFormed,
  fileOf,
  newProject,
  sendAndWait,
  type Session,
  streamedFile,
  usedToday,
  useModelTestApp,
  versionsOf,
  writeApp,
} from '../testing';

// Staff: no message or project limits get in the way of this file's many runs.
const { t, fake } = useModelTestApp({ STAFF_EMAILS: 'runs-owner@example.com' });
let owner: Session;
let other: Session;

beforeAll(async () => {
  owner = await t.register({ email: 'runs-owner@example.com' });
  other = await t.register();
});

describe('a run through an OpenAI-compatible provider', () => {
  it('streams the answer, applies it, checks it, and makes one new version', async () => {
    const sproutId = await newProject(t, owner);
    const before = await versionsOf(t, owner, sproutId);
    fake.reply({ text: writeApp(APP('Kanban for my agency')), usage: { input: 1234, output: 321 } });

    const { runId, events, types } = await sendAndWait(t, owner, sproutId, 'Build me a kanban board for my agency');
    expectWellFormed(events);
    expect(types).toEqual(
      expect.arrayContaining(['text.delta', 'file.started', 'file.delta', 'file.written', 'check.result', 'version.created', 'preview.ready', 'run.finished']),
    );
    // Order of the milestones: stream → written → version → preview → check result → finished. The
    // last check.result carries the advisory type check, which the preview does not wait for.
    const at = (type: (typeof types)[number]) => types.indexOf(type);
    expect(at('file.started')).toBeLessThan(at('file.written'));
    expect(at('file.written')).toBeLessThan(at('version.created'));
    expect(at('version.created')).toBeLessThan(at('preview.ready'));
    expect(at('preview.ready')).toBeLessThan(at('check.result'));
    expect(at('check.result')).toBe(types.length - 2);
    expect(streamedFile(events, 'client/src/App.tsx')).toBe(APP('Kanban for my agency'));

    const check = events.find((e) => e.type === 'check.result')!.data as { ok: boolean; issues: unknown[] };
    expect(check).toMatchObject({ ok: true, issues: [] });
    const finished = events.at(-1)!.data as Record<string, unknown>;
    expect(finished).toMatchObject({
      summary: 'Built the first screen',
      tokensIn: 1234,
      tokensOut: 321,
      // The model's label: people never see its address.
      model: 'openai-compatible:fake-coder',
      fixRounds: 0,
      remainingIssues: 0,
    });
    const preview = events.find((e) => e.type === 'preview.ready')!.data as { ok: boolean; versionId: string };
    expect(preview.ok).toBe(true);
    expect(finished.versionId).toBe(preview.versionId);

    expect(await fileOf(t, owner, sproutId, 'client/src/App.tsx')).toBe(APP('Kanban for my agency'));
    const after = await versionsOf(t, owner, sproutId);
    expect(after.versions).toHaveLength(before.versions.length + 1);
    expect(after.versions[0]).toMatchObject({ id: preview.versionId, source: 'run', summary: 'Built the first screen', runId });
    expect(after.currentVersionId).toBe(preview.versionId);

    // The preview host serves exactly the build the run checked.
    const build = await t.api('GET', `/build/v1/sprouts/${sproutId}/build`, { token: owner.idToken });
    expect(build.json()).toMatchObject({ versionId: preview.versionId, ok: true });
  });

  it('sends the system prompt, the project files and the request to the provider', async () => {
    const sproutId = await newProject(t, owner);
    fake.reply({ text: 'Sure, nothing to change.' });
    const sent = fake.requests.length;
    await sendAndWait(t, owner, sproutId, 'What does this app do?');
    const body = fake.requests[sent]!.body as { model: string; stream: boolean; messages: { role: string; content: unknown }[] };
    expect(body.model).toBe('fake-coder');
    expect(body.stream).toBe(true);
    const system = body.messages[0]!;
    expect(system.role).toBe('system');
    expect(String(system.content)).toContain('<sprout-write path=');
    expect(String(system.content)).toContain('@/components/ui/button: Button, buttonVariants');
    expect(String(system.content)).toContain('lucide-react@');
    expect(String(system.content)).not.toContain('<sprout-edit');
    const user = JSON.stringify(body.messages.at(-1));
    expect(user).toContain('client/src/App.tsx');
    expect(user).toContain('What does this app do?');
  });

  it('keeps the chat: messages with their runs, and the active run while one is running', async () => {
    const sproutId = await newProject(t, owner);
    fake.reply({ text: writeApp(APP('Notes'), 'Made a notes app.', 'Notes app') }, { text: 'It is a notes app.' });
    const first = await sendAndWait(t, owner, sproutId, 'Make a notes app');
    const second = await sendAndWait(t, owner, sproutId, 'What did you build?');
    expect(second.events.at(-1)).toMatchObject({ type: 'run.finished', data: { versionId: null } });

    const res = await t.api('GET', `/build/v1/sprouts/${sproutId}/messages`, { token: owner.idToken });
    expect(res.statusCode).toBe(200);
    const messages = res.json().messages as {
      role: string;
      content: string;
      run: { id: string; status: string; summary: string | null; tokensIn: number; model: string } | null;
    }[];
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Make a notes app'],
      ['assistant', 'Made a notes app.'],
      ['user', 'What did you build?'],
      ['assistant', 'It is a notes app.'],
    ]);
    expect(messages[0]!.run).toMatchObject({ id: first.runId, status: 'succeeded', summary: 'Notes app', model: 'openai-compatible:fake-coder' });
    expect(messages[0]!.run!.tokensIn).toBeGreaterThan(0);
    // The second request carried the first exchange as history.
    expect(JSON.stringify(fake.requests.at(-1)!.body)).toContain('Make a notes app');

    const active = await t.api('GET', `/build/v1/sprouts/${sproutId}/runs/active`, { token: owner.idToken });
    expect(active.json()).toEqual({ run: null });
    expect(await usedToday(t, owner)).toBeGreaterThanOrEqual(2);
  });

  it('answers 404 for another person’s project and runs, and 401 without a token', async () => {
    const sproutId = await newProject(t, owner);
    fake.reply({ text: 'ok' });
    const { runId } = await sendAndWait(t, owner, sproutId, 'hello');
    for (const [method, url, body] of [
      ['POST', `/build/v1/sprouts/${sproutId}/messages`, { text: 'hi' }],
      ['GET', `/build/v1/sprouts/${sproutId}/messages`, undefined],
      ['GET', `/build/v1/sprouts/${sproutId}/runs/active`, undefined],
      ['GET', `/build/v1/runs/${runId}/events`, undefined],
      ['POST', `/build/v1/runs/${runId}/stop`, undefined],
      ['GET', `/build/v1/sprouts/${sproutId}/files`, undefined],
    ] as const) {
      expect((await t.api(method, url, { token: other.idToken, body })).statusCode, `${method} ${url}`).toBe(404);
      expect((await t.api(method, url, { body })).statusCode, `${method} ${url} without token`).toBe(401);
    }
  });

  it('validates the message', async () => {
    const sproutId = await newProject(t, owner);
    for (const body of [{ text: '' }, { text: '   ' }, { text: 'x'.repeat(2001) }, { text: 'ok', extra: 1 }, {}]) {
      const res = await t.api('POST', `/build/v1/sprouts/${sproutId}/messages`, { token: owner.idToken, body });
      expect(res.statusCode, JSON.stringify(body).slice(0, 50)).toBe(400);
    }
    fake.reply({ text: 'ok' });
    const longest = await sendAndWait(t, owner, sproutId, 'x'.repeat(2000));
    expect(longest.types.at(-1)).toBe('run.finished');
  });
});
