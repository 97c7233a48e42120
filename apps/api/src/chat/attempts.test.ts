import { beforeAll, describe, expect, it } from 'vitest';
import type { RunAttempt, Version } from '@sprout/core/contract';
import { APP, fileOf, newProject, sendAndWait, type Session, usedToday, versionsOf, writeApp } from '../testing';
import { useModelTestApp } from '../testing';

// A run that still does not work after its fix rounds keeps its attempt aside; the
// person can look at it and restore it on purpose (which costs the message the failure gave back).
const { t, fake } = useModelTestApp();
let owner: Session;
let stranger: Session;

beforeAll(async () => {
  owner = await t.register();
  stranger = await t.register();
});

const BROKEN = `import { Board } from './components/Board';\n\nexport default function App() {\n  return <Board title="Kept" />;\n}\n`;

async function failedRun(sproutId: string): Promise<string> {
  const board = writeApp(BROKEN, 'Here is a board.', 'Added a board');
  fake.reply({ text: board }, { text: board }, { text: board });
  const { runId, events } = await sendAndWait(t, owner, sproutId, 'Build a board');
  expect(events.at(-1)).toMatchObject({ type: 'run.failed', data: { code: 'attempt_failed' } });
  return runId;
}

describe('failed attempts', () => {
  it('keeps the attempt with what it changed and what was wrong, for the owner only', async () => {
    const sproutId = await newProject(t, owner);
    const runId = await failedRun(sproutId);
    const res = await t.api('GET', `/build/v1/runs/${runId}/attempt`, { token: owner.idToken });
    expect(res.statusCode, res.body).toBe(200);
    const attempt = res.json() as RunAttempt;
    expect(attempt).toMatchObject({ runId, sproutId, summary: 'Added a board', screenshotId: null });
    expect(attempt.issues[0]).toMatchObject({
      source: 'build',
      file: 'client/src/App.tsx',
      message: expect.stringContaining("Cannot find './components/Board'"),
    });
    // Which files and by how much, never the code: it is the person's once they keep the attempt.
    expect(attempt.files).toEqual([{ path: 'client/src/App.tsx', status: 'modified', additions: expect.any(Number), deletions: expect.any(Number) }]);
    expect(res.body).not.toContain('Kept');

    for (const token of [stranger.idToken, null]) {
      const other = await t.api('GET', `/build/v1/runs/${runId}/attempt`, { token });
      expect(other.statusCode).toBe(token ? 404 : 401);
      expect((await t.api('POST', `/build/v1/runs/${runId}/attempt/restore`, { token })).statusCode).toBe(token ? 404 : 401);
    }
    expect((await t.api('GET', `/build/v1/sprouts/${sproutId}/screenshots/nothere`, { token: owner.idToken })).statusCode).toBe(404);
  });

  it('a run that succeeded has no attempt', async () => {
    const sproutId = await newProject(t, owner);
    fake.reply({ text: writeApp(APP('Fine')) });
    const { runId } = await sendAndWait(t, owner, sproutId, 'Build it');
    const res = await t.api('GET', `/build/v1/runs/${runId}/attempt`, { token: owner.idToken });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'attempt_not_found' });
  });

  it('restores the attempt on purpose as a new version, for one message; at the limit it asks for an upgrade', async () => {
    const person = await t.register();
    const sproutId = await newProject(t, person);
    fake.reply({ text: writeApp(BROKEN) }, { text: writeApp(BROKEN) }, { text: writeApp(BROKEN) });
    const { runId } = await sendAndWait(t, person, sproutId, 'Build a board');
    expect(await usedToday(t, person)).toBe(0);
    const versions = (await versionsOf(t, person, sproutId)).versions.length;

    const res = await t.api('POST', `/build/v1/runs/${runId}/attempt/restore`, { token: person.idToken });
    expect(res.statusCode, res.body).toBe(201);
    const { version } = res.json() as { version: Version };
    expect(version).toMatchObject({ source: 'restore', summary: expect.stringContaining('Restored a failed attempt') });
    expect(await fileOf(t, person, sproutId, 'client/src/App.tsx')).toBe(BROKEN);
    expect((await versionsOf(t, person, sproutId)).versions).toHaveLength(versions + 1);
    expect(await usedToday(t, person)).toBe(1);

    // Four more restores use the free plan's other four messages of the day; the next is refused and changes nothing.
    for (let i = 0; i < 4; i++) expect((await t.api('POST', `/build/v1/runs/${runId}/attempt/restore`, { token: person.idToken })).statusCode).toBe(201);
    const refused = await t.api('POST', `/build/v1/runs/${runId}/attempt/restore`, { token: person.idToken });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'message_limit_reached', paywall: { source: 'message_limit_reached' } });
    expect((await versionsOf(t, person, sproutId)).versions).toHaveLength(versions + 5);
  });
});
