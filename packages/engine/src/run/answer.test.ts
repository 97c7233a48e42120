import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@sprout/db/testing';
import type { DbHandle } from '@sprout/db';
import { WorkingCopy } from '../apply/working-copy';
import { resolveModel } from '../models/providers';
import { FakeModelServer, type FakeReply } from '../testing';
import { seedRun } from '../testing/seed-run';
import { CONTINUE_PROMPT, runAnswer } from './answer';
import { InProcessRunEventHub } from './event-hub';
import { RunEventRecorder } from './event-recorder';
import type { RunEvent } from './events';
import { RunFailure } from './run-failure';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

const BASE = 'export default () => null;\n';
const lines = (n: number, name = 'line') => Array.from({ length: n }, (_, i) => `  // ${name} ${i + 1}`).join('\n');
const file = (body: string) => `export default function App() {\n${body}\n  return <main>Long</main>;\n}\n`;
const write = (path: string, content: string) => `<sprout-write path="${path}">\n${content}</sprout-write>\n`;

/** One answer of a fresh fake model scripted with `replies`, applied to a fresh working copy of a seeded project. */
async function answer(...replies: FakeReply[]) {
  const fake = await FakeModelServer.start('openai');
  const { run } = await seedRun(h.db);
  const hub = new InProcessRunEventHub();
  const events: RunEvent[] = [];
  hub.subscribe(run.id, (e) => events.push(e));
  const rec = new RunEventRecorder(h.db, hub, run.id);
  const work = new WorkingCopy(new Map([['client/src/App.tsx', BASE]]));
  fake.reply(...replies);
  const outcome = await runAnswer({
    model: resolveModel(`openai-compatible:${fake.url}#fake-coder`, {}).model,
    system: 'system',
    messages: [{ role: 'user', content: 'Build it' }],
    signal: new AbortController().signal,
    maxRetries: 0,
    call: { staff: false },
    work,
    rec,
    allowContinue: true,
    round: 0,
  }).then(
    (result) => ({ result, failure: null }),
    (err: unknown) => ({ result: null, failure: err }),
  );
  await Promise.all([rec.close(), fake.close()]);
  const requests = fake.requests.map((r) => r.body.messages as { role: string; content: string }[]);
  return { ...outcome, work, events, requests, continues: events.filter((e) => e.type === 'fix.started') };
}

describe('runAnswer: answers cut off', () => {
  it('continues a file cut off twice across three turns, fed to the same parser', async () => {
    const full = `Writing it.\n\n${write('client/src/App.tsx', file(lines(30)))}<sprout-summary>Long app</sprout-summary>\n`;
    const a = full.indexOf('line 10');
    const b = full.indexOf('line 25');
    const r = await answer({ text: full.slice(0, a), finish: 'length' }, { text: full.slice(a, b), finish: 'length' }, { text: full.slice(b) });
    expect(r.failure).toBeNull();
    expect(r.work.files.get('client/src/App.tsx')).toBe(file(lines(30)));
    expect(r.result).toMatchObject({ text: full, summary: 'Long app', continued: true, issues: [] });
    expect(r.continues.map((e) => e.data)).toEqual([
      { round: 0, reason: 'continue', issues: [expect.objectContaining({ file: 'client/src/App.tsx', source: 'parser' })] },
      { round: 0, reason: 'continue', issues: [expect.objectContaining({ file: 'client/src/App.tsx', source: 'parser' })] },
    ]);
    // Each continuation carries the whole answer so far as the model's own turn, then the request to go on.
    expect(r.requests).toHaveLength(3);
    expect(r.requests[1]!.slice(-2)).toEqual([
      { role: 'assistant', content: full.slice(0, a) },
      { role: 'user', content: CONTINUE_PROMPT },
    ]);
    expect(r.requests[2]!.slice(-2)).toEqual([
      { role: 'assistant', content: full.slice(0, b) },
      { role: 'user', content: CONTINUE_PROMPT },
    ]);
    expect(r.events.filter((e) => e.type === 'problem')).toEqual([]);
  });

  it('refuses the whole answer when the file is still cut off after two continuations, saying where', async () => {
    const before = write('client/src/components/Header.tsx', 'export function Header() {\n  return <h1>Hi</h1>;\n}\n');
    const cut = `${before}\n<sprout-write path="/client/src/App.tsx">\n${lines(40)}\n`;
    const r = await answer(
      { text: cut.slice(0, 200), finish: 'length' },
      { text: cut.slice(200, 400), finish: 'length' },
      { text: cut.slice(400), finish: 'length' },
    );
    // A fourth request would find no scripted reply and fail the answer with a provider error.
    expect(r.requests).toHaveLength(3);
    expect(r.failure).toBeInstanceOf(RunFailure);
    expect(r.failure).toMatchObject({
      code: 'answer_cut_off',
      refund: true,
      message:
        "The model's answer was cut off inside client/src/App.tsx (after line 40), even after it was asked to continue 2 times. Nothing was changed and this message was not counted. Try again, or ask for a smaller change.",
    });
    // The cut file was never applied; the one before it was, to a working copy the failed run throws away.
    expect(r.work.files.get('client/src/App.tsx')).toBe(BASE);
    expect(r.events.some((e) => e.type === 'file.written' && e.data.path === 'client/src/App.tsx')).toBe(false);
    expect(r.events.find((e) => e.type === 'problem')!.data).toMatchObject({ kind: 'unclosed', path: '/client/src/App.tsx' });
  });

  it('refuses an answer the model ended inside a file, without asking it to continue', async () => {
    const r = await answer({ text: `Here it is.\n<sprout-write path="src/App.tsx">\n${lines(3)}\n` });
    expect(r.requests).toHaveLength(1);
    expect(r.failure).toMatchObject({
      code: 'answer_cut_off',
      message: expect.stringMatching(
        /^The model's answer ended inside client\/src\/App\.tsx \(after line 3\) before the file was finished\. Nothing was changed/,
      ),
    });
    expect(r.work.hasChanges()).toBe(false);
  });

  it('refuses an edit cut off inside its SEARCH/REPLACE blocks', async () => {
    const edit = '<sprout-edit path="client/src/App.tsx">\n<<<<<<< SEARCH\nexport default () => null;\n=======\n';
    const r = await answer({ text: edit, finish: 'length' }, { text: 'export default ', finish: 'length' }, { text: '() => 1;\n', finish: 'length' });
    expect(r.requests).toHaveLength(3);
    expect(r.failure).toMatchObject({ code: 'answer_cut_off', message: expect.stringContaining('cut off inside client/src/App.tsx, even after') });
    expect(r.work.files.get('client/src/App.tsx')).toBe(BASE);
  });

  it('continues an answer cut off inside an opening tag', async () => {
    const full = write('client/src/App.tsx', file(lines(2)));
    const cut = full.indexOf('>') + 1;
    const r = await answer({ text: full.slice(0, cut), finish: 'length' }, { text: full.slice(cut) });
    expect(r.failure).toBeNull();
    expect(r.requests).toHaveLength(2);
    expect(r.work.files.get('client/src/App.tsx')).toBe(file(lines(2)));
  });

  it('keeps an answer cut off between blocks: no continuation, the finished files applied', async () => {
    const r = await answer({ text: `${write('client/src/App.tsx', file(lines(2)))}\nThat adds the lo`, finish: 'length' });
    expect(r.failure).toBeNull();
    expect(r.requests).toHaveLength(1);
    expect(r.result).toMatchObject({ continued: false, issues: [] });
    expect(r.work.files.get('client/src/App.tsx')).toBe(file(lines(2)));
  });

  it('refuses an answer cut off inside an edit of a forbidden path as forbidden', async () => {
    const r = await answer({ text: '<sprout-edit path="../../etc/x.ts">\n<<<<<<< SEARCH\n' });
    expect(r.failure).toMatchObject({ code: 'forbidden_path', refund: false });
  });

  it('applies files whose paths start with a slash to the project', async () => {
    const r = await answer({ text: `${write('/client/src/App.tsx', file(lines(1)))}${write('/src/components/A.tsx', 'export const A = 1;\n')}` });
    expect(r.failure).toBeNull();
    expect(r.work.files.get('client/src/App.tsx')).toBe(file(lines(1)));
    expect(r.work.files.get('client/src/components/A.tsx')).toBe('export const A = 1;\n');
    expect(r.events.filter((e) => e.type === 'file.written').map((e) => e.data.path)).toEqual(['client/src/App.tsx', 'client/src/components/A.tsx']);
  });
});
