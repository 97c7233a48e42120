import type { ChatMessage, RunEvent } from '@sprout/core/contract';
import { TOOL_STEP_LIMITS } from '@sprout/core';
import { insertAppDocument } from '@sprout/db';
import type { FakeReply } from '@sprout/engine/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { APP, expectWellFormed, fileOf, newProject, sendAndWait, type Session, usedToday, useModelTestApp, writeApp } from '../testing';

// A model that uses tools (docs/architecture.md#tools), at the provider seam: an openai-compatible
// server configured with ?tools, scripted to call the run's tools. Its edits are still the
// protocol's blocks in its text; its steps are bounded by the person's plan (Free here); a loop,
// a question and a limit end the run uncharged. A model without tool support is sent none.
const { t, fake } = useModelTestApp((url) => ({ SPROUT_MODEL: `openai-compatible:${url}#fake-coder?tools`, RENDER_CHECK: 'off' }));
const plain = useModelTestApp({ RENDER_CHECK: 'off' });
let person: Session, someone: Session;
beforeAll(async () => {
  [person, someone] = await Promise.all([t.register(), t.register()]);
});

const read = (path: string): FakeReply => ({ toolCalls: [{ name: 'read_file', input: { path } }] });
const steps = (events: RunEvent[]) =>
  events.flatMap((e) => (e.type === 'tool.called' || e.type === 'tool.result' ? [`${e.type === 'tool.called' ? '→' : '←'} ${e.data.summary}`] : []));
const chatReply = async (sproutId: string, runId: string) => {
  const chat = (await t.api('GET', `/build/v1/sprouts/${sproutId}/messages`, { token: person.idToken })).json() as { messages: ChatMessage[] };
  return chat.messages.find((m) => m.runId === runId && m.role === 'assistant')!;
};

/** Sends a message answered by `replies`; the requests the model got, from the first of this run. */
async function ask(sproutId: string, text: string, ...replies: FakeReply[]) {
  const from = fake.requests.length;
  fake.reply(...replies);
  const run = await sendAndWait(t, person, sproutId, text);
  expectWellFormed(run.events);
  return { ...run, requests: fake.requests.slice(from), end: run.events.at(-1)! };
}

describe('a model that uses tools', () => {
  it('reads a file, runs the checks, sees one fail, fixes it in its text and finishes within its step bound', async () => {
    const sproutId = await newProject(t, person);
    const before = await usedToday(t, person);
    const broken = APP('Plants').replace('</main>', '</main');
    const r = await ask(
      sproutId,
      'call the app Plants',
      { text: 'Let me read the app.', ...read('client/src/App.tsx') },
      { text: writeApp(broken, 'Renaming it.', 'Called the app Plants'), toolCalls: [{ name: 'run_checks', input: {} }] },
      { text: writeApp(APP('Plants'), 'The build broke: fixing the closing tag.', 'Called the app Plants'), toolCalls: [{ name: 'run_checks', input: {} }] },
      { text: 'Done: the app is called Plants.' },
    );
    expect(r.requests).toHaveLength(4);
    expect(steps(r.events)).toEqual([
      '→ Reading client/src/App.tsx',
      expect.stringMatching(/^← Read client\/src\/App\.tsx \(\d+ lines\)$/),
      '→ Running the checks',
      expect.stringMatching(/^← Checks: build failed \(\d+ errors?\)/),
      '→ Running the checks',
      '← Checks: build ok',
    ]);
    // What the tools answered went back to the model: the file, then the failing build, then a clean one.
    expect(r.requests[1]!.toolResults[0]!.content).toMatch(/^client\/src\/App\.tsx \(\d+ lines\):\n/);
    expect(r.requests[2]!.toolResults.at(-1)!.content).toMatch(/^Build: failed\n[\s\S]*- \[build\] client\/src\/App\.tsx/);
    expect(r.requests[3]!.toolResults.at(-1)!.content).toMatch(/^Build: ok\n/);
    expect(r.end).toMatchObject({ type: 'run.finished', data: { summary: 'Called the app Plants', remainingIssues: 0 } });
    expect(await fileOf(t, person, sproutId, 'client/src/App.tsx')).toBe(APP('Plants'));
    expect(await usedToday(t, person)).toBe(before + 1);
  });

  it('is stopped by its plan’s step bound when it never finishes: the last step may not call tools, and nothing changed is not charged', async () => {
    const sproutId = await newProject(t, person);
    const before = await usedToday(t, person);
    const bound = TOOL_STEP_LIMITS.free.steps;
    const r = await ask(sproutId, 'look around', ...Array.from({ length: bound }, (_, i) => read(`client/src/file-${i}.tsx`)));
    expect(r.requests).toHaveLength(bound);
    expect(r.requests.at(-1)!.body.tool_choice).toBe('none');
    expect(r.end).toMatchObject({ type: 'run.failed', data: { code: 'tool_limit', refunded: true } });
    expect(await usedToday(t, person)).toBe(before);
  });

  it('is stopped when it goes round in circles, says so, and is not charged', async () => {
    const sproutId = await newProject(t, person);
    const before = await usedToday(t, person);
    const same = read('client/src/App.tsx');
    const r = await ask(sproutId, 'fix the header', same, same, same);
    expect(r.requests).toHaveLength(3);
    expect(r.end).toMatchObject({ type: 'run.failed', data: { code: 'tool_loop', refunded: true } });
    const message = (r.end.data as { message: string }).message;
    expect(message).toMatch(/^I was going round in circles \(I called read_file with the same input 3 times[^)]*\), so I stopped\.$/);
    expect(await usedToday(t, person)).toBe(before);
    const run = (await t.api('GET', `/build/v1/runs/${r.runId}`, { token: person.idToken })).json();
    expect(run).toMatchObject({ status: 'failed', errorCode: 'tool_loop', error: message, refunded: true });
  });

  it('ends the run with the question ask_person asks: the reply, nothing changed, not charged', async () => {
    const sproutId = await newProject(t, person);
    const before = await usedToday(t, person);
    const app = await fileOf(t, person, sproutId, 'client/src/App.tsx');
    const r = await ask(sproutId, 'make it nicer', {
      text: 'A question first.',
      toolCalls: [{ name: 'ask_person', input: { question: 'Which colours do you like?', options: ['Greens', 'Blues'] } }],
    });
    expect(r.requests).toHaveLength(1);
    expect(steps(r.events)).toEqual(['→ Asking you a question', '← Asked: Which colours do you like?']);
    expect(r.end).toMatchObject({ type: 'run.finished', data: { versionId: null, refunded: true } });
    expect((await chatReply(sproutId, r.runId)).content).toBe('A question first.\n\nWhich colours do you like?\n\n- Greens\n- Blues');
    expect(await fileOf(t, person, sproutId, 'client/src/App.tsx')).toBe(app);
    expect(await usedToday(t, person)).toBe(before);
  });

  it('reads the test data only, and refuses a path outside the project', async () => {
    const sproutId = await newProject(t, person);
    // Another person's project, with test data of its own.
    const other = await newProject(t, someone);
    const quota = { documents: 100, storageBytes: 1_000_000 };
    const put = (id: string, dataset: 'test' | 'live', title: string) =>
      insertAppDocument(t.db.db, { sproutId: id, dataset }, { collection: 'plants', data: { title }, createdBy: 'visitor', unique: [], quota });
    await put(sproutId, 'test', 'Test fern');
    await put(sproutId, 'live', 'Live cactus');
    await put(other, 'test', 'Other ivy');
    const r = await ask(
      sproutId,
      'what plants are there?',
      { toolCalls: [{ name: 'query_data', input: { collection: 'plants', limit: 50 } }] },
      read('../../etc/passwd'),
      { text: 'The test data has one plant: a fern.' },
    );
    const [data, passwd] = [r.requests[1]!.toolResults[0]!.content, r.requests[2]!.toolResults.at(-1)!.content];
    expect(data).toMatch(/^plants: 1 of 1 document \(test data, oldest first\)\n.*"title":"Test fern"/);
    expect(data).not.toMatch(/cactus|ivy/);
    expect(passwd).toBe('Refused: "../../etc/passwd" is outside the project. Paths are relative to the project root, like client/src/App.tsx.');
    expect(steps(r.events)).toEqual([
      '→ Reading the test data of plants',
      '← Read 1 document of plants (test data)',
      '→ Reading ../../etc/passwd',
      '← Refused to read ../../etc/passwd: outside the project',
    ]);
    expect(r.end).toMatchObject({ type: 'run.finished', data: { versionId: null } });
  });
});

describe('a model without tool support', () => {
  it('is sent no tools and answers as it always did', async () => {
    const owner = await plain.t.register();
    const sproutId = await newProject(plain.t, owner);
    plain.fake.reply({ text: writeApp(APP('Plain')) });
    const from = plain.fake.requests.length;
    const r = await sendAndWait(plain.t, owner, sproutId, 'a plain app');
    const [request] = plain.fake.requests.slice(from);
    expect(request!.body.tools).toBeUndefined();
    expect(request!.body.tool_choice).toBeUndefined();
    expect(r.types).not.toContain('tool.called');
    expect(r.events.at(-1)).toMatchObject({ type: 'run.finished' });
    expect(await fileOf(plain.t, owner, sproutId, 'client/src/App.tsx')).toBe(APP('Plain'));
  });
});
