import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { createUser } from '../queries/users';
import { insertSprout } from '../queries/sprouts';
import { createVersion, getVersionFiles, listVersions } from '../queries/versions';
import { finishRun, getActiveRun, getRun } from '../queries/runs';
import { getUsageStats } from './quota';
import { startFreeRun, startMessageRun } from './start-run';
import { commitRunVersion, createManualVersion } from './commit-version';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

async function project() {
  const user = await createUser(h.db, { email: `${Math.random().toString(36).slice(2)}@example.com`, passwordHash: 'x', displayName: 'U' });
  const sprout = await insertSprout(h.db, { ownerId: user.id, displayName: 'S' });
  const v1 = await h.db.transaction((tx) => createVersion(tx, { sproutId: sprout.id, source: 'create', files: [{ path: 'a.ts', content: '1\n' }] }));
  return { user, sprout, v1 };
}

const start = (p: Awaited<ReturnType<typeof project>>, text = 'hi') =>
  startMessageRun(h.db, { sproutId: p.sprout.id, userId: p.user.id, text, attachments: [], model: 'offline', baseVersionId: p.v1.id });

describe('startMessageRun', () => {
  it('lets exactly one of many simultaneous sends start a run, and charges only that one', async () => {
    const p = await project();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => start(p, `message ${i}`)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'run_active')).toBe(true);
    expect((await getUsageStats(h.db, p.user.id)).dailyMessages.used).toBe(1);
    const winner = results.find((r) => r.ok)!;
    expect(await getActiveRun(h.db, p.sprout.id)).toMatchObject({ id: winner.ok ? winner.run.id : '' });
  });

  it('allows the next run once the active one ended', async () => {
    const p = await project();
    const first = await start(p);
    if (!first.ok) throw new Error('first run refused');
    expect(await finishRun(h.db, first.run.id, { status: 'stopped' })).toBe(true);
    expect(await finishRun(h.db, first.run.id, { status: 'failed' })).toBe(false);
    expect((await start(p)).ok).toBe(true);
  });

  it('does what must exist with the run in its transaction: when that fails, no run, no message, no charge', async () => {
    const p = await project();
    const seen: string[] = [];
    const input = { sproutId: p.sprout.id, userId: p.user.id, text: 'hi', attachments: [], model: 'offline', baseVersionId: p.v1.id };
    await expect(
      startMessageRun(h.db, input, async (_tx, run) => {
        seen.push(run.id);
        throw new Error('the queue refused the job');
      }),
    ).rejects.toThrow('the queue refused the job');
    expect(seen).toHaveLength(1);
    expect(await getRun(h.db, seen[0]!)).toBeNull();
    expect(await getActiveRun(h.db, p.sprout.id)).toBeNull();
    expect((await getUsageStats(h.db, p.user.id)).dailyMessages.used).toBe(0);
    const started = await startMessageRun(h.db, input, async (tx, run) => void seen.push((await getRun(tx, run.id))!.status));
    expect(started.ok).toBe(true);
    expect(seen[1]).toBe('running');
  });
});

describe('commitRunVersion', () => {
  it('writes the version and ends the run together', async () => {
    const p = await project();
    const r = await start(p);
    if (!r.ok) throw new Error('refused');
    const c = await commitRunVersion(h.db, {
      runId: r.run.id,
      sproutId: p.sprout.id,
      baseVersionId: p.v1.id,
      versionId: 'chosenversionid',
      files: [{ path: 'a.ts', content: '2\n' }],
      summary: 's',
      tokensIn: 1,
      tokensOut: 2,
      fixRounds: 1,
    });
    expect(c).toMatchObject({ ok: true, version: { id: 'chosenversionid', number: 2, source: 'run', runId: r.run.id } });
    expect(await getRun(h.db, r.run.id)).toMatchObject({
      status: 'succeeded',
      resultVersionId: 'chosenversionid',
      tokensIn: 1,
      tokensOut: 2,
      fixRounds: 1,
      summary: 's',
    });
    expect(await getVersionFiles(h.db, 'chosenversionid')).toEqual([{ path: 'a.ts', content: '2\n' }]);
  });

  it('writes nothing for a run that was stopped meanwhile, or when the project moved on', async () => {
    const p = await project();
    const r = await start(p);
    if (!r.ok) throw new Error('refused');
    await finishRun(h.db, r.run.id, { status: 'stopped' });
    const input = {
      runId: r.run.id,
      sproutId: p.sprout.id,
      baseVersionId: p.v1.id,
      versionId: 'neverwritten1',
      files: [{ path: 'a.ts', content: 'x\n' }],
      summary: null,
      tokensIn: null,
      tokensOut: null,
      fixRounds: 0,
    };
    expect(await commitRunVersion(h.db, input)).toEqual({ ok: false, reason: 'run_ended' });
    expect(await listVersions(h.db, p.sprout.id)).toHaveLength(1);

    const r2 = await start(p);
    if (!r2.ok) throw new Error('refused');
    expect(await commitRunVersion(h.db, { ...input, runId: r2.run.id, baseVersionId: 'someotherversion', versionId: 'neverwritten2' })).toEqual({
      ok: false,
      reason: 'version_conflict',
    });
    expect(await listVersions(h.db, p.sprout.id)).toHaveLength(1);
  });
});

describe('createManualVersion', () => {
  it('refuses while a run is active and when the base is stale', async () => {
    const p = await project();
    const r = await start(p);
    if (!r.ok) throw new Error('refused');
    const files = [{ path: 'a.ts', content: 'manual\n' }];
    expect(await createManualVersion(h.db, { sproutId: p.sprout.id, files, source: 'manual', summary: 'x' })).toEqual({ ok: false, reason: 'run_active' });
    await finishRun(h.db, r.run.id, { status: 'failed' });
    expect(await createManualVersion(h.db, { sproutId: p.sprout.id, expectedCurrentId: 'stale', files, source: 'manual', summary: 'x' })).toEqual({
      ok: false,
      reason: 'version_conflict',
    });
    expect(await createManualVersion(h.db, { sproutId: p.sprout.id, expectedCurrentId: p.v1.id, files, source: 'manual', summary: 'x' })).toMatchObject({
      ok: true,
      version: { number: 2 },
    });
  });
});

describe('startFreeRun', () => {
  it('allows a person a bounded number of free repair runs a day, across projects and under parallel reports', async () => {
    const a = await project();
    const b = await insertSprout(h.db, { ownerId: a.user.id, displayName: 'S2' });
    const c = await insertSprout(h.db, { ownerId: a.user.id, displayName: 'S3' });
    const free = (sproutId: string, now?: Date) =>
      startFreeRun(h.db, { sproutId, userId: a.user.id, parentRunId: 'parent', model: 'offline', baseVersionId: null }, 2, undefined, now);

    const first = await free(a.sprout.id);
    expect(first.ok).toBe(true);
    if (first.ok) await finishRun(h.db, first.run.id, { status: 'succeeded' });
    // Two projects at once: only one more fits in the day.
    const parallel = await Promise.all([free(b.id), free(c.id)]);
    expect(parallel.filter((r) => r.ok)).toHaveLength(1);
    expect(parallel.find((r) => !r.ok)).toEqual({ ok: false, reason: 'daily_limit' });
    // A day later the window has moved on.
    expect((await free(a.sprout.id, new Date(Date.now() + 25 * 3600_000))).ok).toBe(true);
  });
});
