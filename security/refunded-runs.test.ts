// A reply that does not work is given back (the person does not pay for Sprout's mistake). Its code
// must then leave the server only when it is paid for: kept (restored, one message). Every way code
// can leave a run is tried after a failure: the event replay, the attempt, the candidate preview, the
// project's files, versions and export; and a reply written to fail only stays free within the day's
// allowance of failed answers.
import { readZip } from '@sprout/preview';
import { describe, expect, it } from 'vitest';
import { newProject, previewCookie, runEvents, sendAndWait, type Session, usedToday, useModelTestApp, writeApp } from '@sprout/api/testing';
import { Tally } from '@sprout/testkit/vitest';

const leaks = new Tally('refunded runs: code only when paid for');
// The render check on: a candidate that builds is shown (and checked) while the run goes on.
const { t, fake } = useModelTestApp({ FREE_FAILED_ANSWERS_PER_DAY: '2', RENDER_CHECK: 'on' });

const SECRET = 'pay-me-first-7f3a';
// It builds (so its candidate is shown while the run goes on) and crashes when it opens, which no fix
// round repairs here: the attempt fails after its rounds.
const CRASHES = `const boards = null as unknown as string[];\n\nexport default function App() {\n  return <h1 title="${SECRET}">{boards.map((b) => b)}</h1>;\n}\n`;
// It does not build: no candidate, the cheaper failure.
const BROKEN = `import { Board } from './components/Board';\n\nexport default function App() {\n  return <Board title="${SECRET}" />;\n}\n`;

async function failedRun(owner: Session, sproutId: string, app = CRASHES) {
  const answer = writeApp(app, 'Here is a board.', 'Added a board');
  fake.reply({ text: answer }, { text: answer }, { text: answer });
  const run = await sendAndWait(t, owner, sproutId, 'Build a board');
  expect(run.events.at(-1)).toMatchObject({ type: 'run.failed', data: { code: 'attempt_failed' } });
  return run;
}

describe('a failed, given-back run', () => {
  it('hands its code out through no way until it is kept, which costs the message it was given back', async () => {
    const owner = await t.register();
    const sproutId = await newProject(t, owner);
    const { runId, events } = await failedRun(owner, sproutId);
    expect(events.at(-1)).toMatchObject({ data: { refunded: true } });
    expect(await usedToday(t, owner)).toBe(0);
    const candidates = events.flatMap((e) => (e.type === 'preview.candidate' ? [e.data.versionId] : []));
    expect(candidates.length).toBeGreaterThan(0);
    const as = { token: owner.idToken };

    const replay = JSON.stringify(await runEvents(t, owner, runId));
    leaks.check(!replay.includes(SECRET), 'the event replay carries the failed code');
    const attempt = await t.api('GET', `/build/v1/runs/${runId}/attempt`, as);
    expect(attempt.statusCode).toBe(200);
    leaks.check(!attempt.body.includes(SECRET), 'the attempt carries the failed code');
    const files = await t.api('GET', `/build/v1/sprouts/${sproutId}/files`, as);
    leaks.check(!files.body.includes(SECRET), "the project's files carry the failed code");
    for (const id of candidates) {
      const asVersion = await t.api('GET', `/build/v1/sprouts/${sproutId}/files?version=${id}`, as);
      leaks.check(!asVersion.body.includes(SECRET), `the candidate ${id} is readable as a version (${asVersion.statusCode})`);
      const diff = await t.api('GET', `/build/v1/sprouts/${sproutId}/versions/${id}/diff`, as);
      leaks.check(!diff.body.includes(SECRET), `the candidate ${id} is readable as a diff (${diff.statusCode})`);
      const { host, cookie } = await previewCookie(t, owner, sproutId);
      const manifest = await t.app.inject({ method: 'GET', url: `/_sprout/version/${id}`, headers: { host, cookie } });
      leaks.check(manifest.statusCode === 404, `the candidate's modules are still listed after the run ended: ${manifest.statusCode}`);
    }
    const exported = await t.api('GET', `/build/v1/sprouts/${sproutId}/export`, as);
    expect(exported.statusCode).toBe(200);
    const zipped = readZip(exported.rawPayload).map((e) => Buffer.from(e.data).toString('utf8'));
    leaks.check(!zipped.some((text) => text.includes(SECRET)), 'the export carries the failed code');

    // Kept on purpose: now it is the person's, for one message.
    const restored = await t.api('POST', `/build/v1/runs/${runId}/attempt/restore`, as);
    expect(restored.statusCode).toBe(201);
    expect(await usedToday(t, owner)).toBe(1);
    expect((await t.api('GET', `/build/v1/sprouts/${sproutId}/files`, as)).body).toContain(SECRET);
    leaks.assertClean();
  });

  it('gives failed answers back only up to the day’s allowance; the next one is charged and says so', async () => {
    const owner = await t.register();
    const sproutId = await newProject(t, owner);
    for (let i = 0; i < 2; i++) expect((await failedRun(owner, sproutId, BROKEN)).events.at(-1)).toMatchObject({ data: { refunded: true } });
    expect(await usedToday(t, owner)).toBe(0);
    const third = await failedRun(owner, sproutId, BROKEN);
    leaks.check(
      third.events.at(-1)?.type === 'run.failed' && (third.events.at(-1)!.data as { refunded: boolean }).refunded === false,
      'a third failed answer in a day was given back',
    );
    expect(third.events.at(-1)).toMatchObject({ data: { message: expect.stringContaining('only 2 replies that do not work are given back each day') } });
    expect(await usedToday(t, owner)).toBe(1);
    leaks.assertClean();
  });
});
