import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { createUser } from '../queries/users';
import { getSproutById, insertSprout, updateSproutForOwner } from '../queries/sprouts';
import type { NameOrigin } from '@sprout/core';
import { createVersion } from '../queries/versions';
import { startMessageRun } from './start-run';
import { commitRunVersion } from './commit-version';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

const indexHtml = (title: string) => ({ path: 'client/index.html', content: `<!doctype html><html><head><title>${title}</title></head></html>` });

async function project(displayName: string, nameOrigin: NameOrigin) {
  const user = await createUser(h.db, { email: `${Math.random().toString(36).slice(2)}@example.com`, passwordHash: 'x', displayName: 'U' });
  const sprout = await insertSprout(h.db, { ownerId: user.id, displayName, nameOrigin });
  await h.db.transaction((tx) => createVersion(tx, { sproutId: sprout.id, source: 'create', files: [indexHtml('Sprout starter')] }));
  return { user, sprout };
}

/** One run on the project's current version, committed with `files` and `summary`. */
async function build(p: Awaited<ReturnType<typeof project>>, files: { path: string; content: string }[], summary: string | null) {
  const base = (await getSproutById(h.db, p.sprout.id))!.currentVersionId;
  const r = await startMessageRun(h.db, { sproutId: p.sprout.id, userId: p.user.id, text: 'go', attachments: [], model: 'offline', baseVersionId: base });
  if (!r.ok) throw new Error(`run refused: ${r.reason}`);
  const c = await commitRunVersion(h.db, {
    runId: r.run.id,
    sproutId: p.sprout.id,
    baseVersionId: base,
    versionId: `v${Math.random().toString(36).slice(2, 12)}`,
    files,
    summary,
    tokensIn: null,
    tokensOut: null,
    fixRounds: 0,
  });
  if (!c.ok) throw new Error(`commit refused: ${c.reason}`);
  return { renamedTo: c.renamedTo, sprout: (await getSproutById(h.db, p.sprout.id))! };
}

describe('a project named after its first build', () => {
  it('replaces the default name with the app’s title once, in the commit', async () => {
    const p = await project('Sprout - 537', 'default');
    const first = await build(p, [indexHtml('Fridge to Table')], 'Built Fridge to Table, a recipe finder');
    expect(first.renamedTo).toBe('Fridge to Table');
    expect(first.sprout).toMatchObject({ displayName: 'Fridge to Table', nameOrigin: 'generated' });
    // Once: a later build that keeps the app's title does not rename it, whatever its summary says.
    const second = await build(p, [indexHtml('Fridge to Table'), { path: 'client/src/App.tsx', content: 'x' }], 'Built a pantry tracker');
    expect(second.renamedTo).toBeNull();
    expect(second.sprout.displayName).toBe('Fridge to Table');
  });

  it('uses the summary when the app has no title of its own, and waits for a build that names something', async () => {
    const p = await project('Sprout - 204', 'default');
    const change = await build(p, [indexHtml('Sprout starter')], 'Added a button');
    expect(change.renamedTo).toBeNull();
    expect(change.sprout).toMatchObject({ displayName: 'Sprout - 204', nameOrigin: 'default' });
    const made = await build(p, [indexHtml('Sprout starter'), { path: 'client/src/App.tsx', content: 'x' }], 'Created a tip calculator with split bills');
    expect(made.sprout).toMatchObject({ displayName: 'Tip calculator', nameOrigin: 'generated' });
  });

  it('never renames a name the person chose, at creation or later', async () => {
    const given = await project('Grandma’s recipes', 'person');
    expect((await build(given, [indexHtml('Fridge to Table')], 'Built Fridge to Table')).sprout.displayName).toBe('Grandma’s recipes');

    const renamed = await project('Sprout - 311', 'default');
    // Typing the very same default-looking name back is a choice too; only a real rename counts.
    await updateSproutForOwner(h.db, renamed.sprout.id, renamed.user.id, { displayName: 'Sprout - 311', isPinned: true });
    expect((await getSproutById(h.db, renamed.sprout.id))!.nameOrigin).toBe('default');
    await updateSproutForOwner(h.db, renamed.sprout.id, renamed.user.id, { displayName: 'Sprout - 312' });
    expect((await getSproutById(h.db, renamed.sprout.id))!.nameOrigin).toBe('person');
    const after = await build(renamed, [indexHtml('Fridge to Table')], 'Built Fridge to Table');
    expect(after.renamedTo).toBeNull();
    expect(after.sprout.displayName).toBe('Sprout - 312');
  });
});

describe('a rename in the chat', () => {
  it('renames a project whose name follows the app when a build retitles the app', async () => {
    const p = await project('Sprout - 540', 'default');
    await build(p, [indexHtml('Fridge to Table')], 'Built Fridge to Table');
    const renamed = await build(p, [indexHtml('Pantry Pal')], 'Renamed the app');
    expect(renamed.renamedTo).toBe('Pantry Pal');
    expect(renamed.sprout).toMatchObject({ displayName: 'Pantry Pal', nameOrigin: 'generated' });
    // A title the app's name cannot come from (the starter's own) leaves the name alone.
    const generic = await build(p, [indexHtml('Vite App')], 'Changed the title');
    expect(generic.renamedTo).toBeNull();
    expect(generic.sprout.displayName).toBe('Pantry Pal');
  });

  it('renames a name the person chose when it was the app’s title, and keeps one that differs', async () => {
    const same = await project('Sprout - 541', 'default');
    await build(same, [indexHtml('Wedding RSVP')], 'Built Wedding RSVP');
    // Typed again in other letters: the person's choice, still the app's name.
    await updateSproutForOwner(h.db, same.sprout.id, same.user.id, { displayName: 'wedding rsvp' });
    expect((await getSproutById(h.db, same.sprout.id))!.nameOrigin).toBe('person');
    const followed = await build(same, [indexHtml('Party Time')], 'Renamed the app to Party Time');
    expect(followed.sprout).toMatchObject({ displayName: 'Party Time', nameOrigin: 'person' });

    const own = await project('Client work', 'person');
    await build(own, [indexHtml('Invoicer')], 'Built Invoicer');
    const kept = await build(own, [indexHtml('Billing Desk')], 'Renamed the app');
    expect(kept.renamedTo).toBeNull();
    expect(kept.sprout.displayName).toBe('Client work');
  });
});
