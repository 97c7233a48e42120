import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { createUser } from '../queries/users';
import { createSproutForUser } from '../operations/create-sprout';
import { eq } from 'drizzle-orm';
import { sprouts } from '../schema';
import { getRunAttempt, getRunAttemptFiles, getScreenshot, getThumbnailId, listRunAttempts, putScreenshot, saveRunAttempt } from './attempts';
import { createManualVersion } from '../operations/commit-version';
import { dueFileDeletions, queuePendingFile } from '../queries/stored-files';
import { fileDeletions } from '../files/tables';
import { newId } from '../ids';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

async function project() {
  const u = await createUser(h.db, { email: `a-${Math.random()}@example.com`, passwordHash: 'x', displayName: 'a' });
  const created = await createSproutForUser(h.db, { ownerId: u.id, displayName: 'S', files: [{ path: 'client/src/App.tsx', content: 'ok' }] });
  if (!created.ok) throw new Error('limit');
  return created.sprout;
}

describe('run attempts', () => {
  it('keeps an attempt with its files and issues, for its own project only, and lists the newest first', async () => {
    const sprout = await project();
    const other = await project();
    const issues = [{ source: 'build', file: 'client/src/App.tsx', line: 1, column: 2, message: 'Expected ";"' }];
    await saveRunAttempt(h.db, {
      runId: 'run-1',
      sproutId: sprout.id,
      candidateId: 'cand-1',
      baseVersionId: sprout.currentVersionId,
      summary: 'Added a chart',
      issues,
      files: [
        { path: 'client/src/App.tsx', content: 'broken(' },
        { path: 'client/src/Chart.tsx', content: 'export {}' },
      ],
    });
    await saveRunAttempt(h.db, { runId: 'run-2', sproutId: sprout.id, candidateId: 'cand-2', baseVersionId: null, summary: null, issues: [], files: [] });

    const kept = await getRunAttempt(h.db, sprout.id, 'run-1');
    expect(kept).toMatchObject({ candidateId: 'cand-1', summary: 'Added a chart', issues, baseVersionId: sprout.currentVersionId });
    expect(await getRunAttemptFiles(h.db, 'run-1')).toEqual([
      { path: 'client/src/App.tsx', content: 'broken(' },
      { path: 'client/src/Chart.tsx', content: 'export {}' },
    ]);
    expect(await getRunAttempt(h.db, other.id, 'run-1')).toBeNull();
    expect((await listRunAttempts(h.db, sprout.id)).map((a) => a.runId)).toEqual(['run-2', 'run-1']);
    // One attempt per run.
    await expect(
      saveRunAttempt(h.db, { runId: 'run-1', sproutId: sprout.id, candidateId: 'c', baseVersionId: null, summary: null, issues: [], files: [] }),
    ).rejects.toThrow();
  });

  it('keeps screenshots per project, once per id, their bytes named in the file store, and removes them with the project', async () => {
    const sprout = await project();
    const key = `screenshots/ab/${newId(24)}`;
    const pending = () => h.db.select().from(fileDeletions).where(eq(fileDeletions.key, key));
    await queuePendingFile(h.db, key, 3600);
    expect(await putScreenshot(h.db, { id: 'v-1', sproutId: sprout.id, storageKey: key })).toBe(true);
    // The insert claimed the key its bytes were written under: the sweep leaves them.
    expect(await pending()).toEqual([]);
    // The first kept under an id stays; the caller removes what it wrote for a second.
    expect(await putScreenshot(h.db, { id: 'v-1', sproutId: sprout.id, storageKey: `screenshots/ab/${newId(24)}` })).toBe(false);
    expect(await getScreenshot(h.db, sprout.id, 'v-1')).toEqual({ storageKey: key, image: null });
    expect(await getScreenshot(h.db, 'someone-else', 'v-1')).toBeNull();
    // One taken before the file store kept them (or by the engine on its own) has its bytes in the row.
    const image = new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]);
    expect(await putScreenshot(h.db, { id: 'v-0', sproutId: sprout.id, image })).toBe(true);
    const inline = await getScreenshot(h.db, sprout.id, 'v-0');
    expect(inline?.storageKey).toBeNull();
    expect(Buffer.from(inline!.image!)).toEqual(Buffer.from(image));
    await saveRunAttempt(h.db, {
      runId: 'run-gone',
      sproutId: sprout.id,
      candidateId: 'c',
      baseVersionId: null,
      summary: null,
      issues: [],
      files: [{ path: 'a', content: 'b' }],
    });
    // Soft deletion keeps a project restorable; the rows go when the project row itself does.
    await h.db.delete(sprouts).where(eq(sprouts.id, sprout.id));
    expect(await getScreenshot(h.db, sprout.id, 'v-1')).toBeNull();
    expect(await getRunAttempt(h.db, sprout.id, 'run-gone')).toBeNull();
    // The deleting transaction queued the screenshot's bytes for the file store's sweep.
    expect((await dueFileDeletions(h.db, 1000)).map((d) => d.key)).toContain(key);
  });

  it('gives a project the picture of its newest pictured version as its thumbnail, ignoring attempts', async () => {
    const sprout = await project();
    expect(await getThumbnailId(h.db, sprout.id)).toBeNull();
    // An attempt's screenshot is not a version: never the project's picture.
    await putScreenshot(h.db, { id: 'cand-x', sproutId: sprout.id, image: new Uint8Array([1]) });
    expect(await getThumbnailId(h.db, sprout.id)).toBeNull();
    await putScreenshot(h.db, { id: sprout.currentVersionId!, sproutId: sprout.id, image: new Uint8Array([2]) });
    expect(await getThumbnailId(h.db, sprout.id)).toBe(sprout.currentVersionId);
    // A newer version without a picture keeps the one before; with one, it becomes the picture.
    const made = await createManualVersion(h.db, {
      sproutId: sprout.id,
      files: [{ path: 'client/src/App.tsx', content: 'two' }],
      source: 'manual',
      summary: 'Edited',
    });
    if (!made.ok) throw new Error(made.reason);
    const next = made.version;
    expect(await getThumbnailId(h.db, sprout.id)).toBe(sprout.currentVersionId);
    await putScreenshot(h.db, { id: next.id, sproutId: sprout.id, image: new Uint8Array([3]) });
    expect(await getThumbnailId(h.db, sprout.id)).toBe(next.id);
    expect(await getThumbnailId(h.db, 'someone-else')).toBeNull();
  });
});
