import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { eq } from 'drizzle-orm';
import { createUser as insertUser } from '../queries/users';
import { users } from '../schema';
import { listAudit } from '../queries/misc';
import { changeFlag, getFlagLayers, listFlagSettings } from './flags';

let h: DbHandle;
const createUser = (name: string) => insertUser(h.db, { email: `${name}@flags.test`, passwordHash: 'x', displayName: name });
const deleteUserForTest = (db: DbHandle['db'], id: string) => db.delete(users).where(eq(users.id, id));
let staffId: string;
let personId: string;
beforeAll(async () => {
  h = await createTestDb();
  staffId = (await createUser('staff')).id;
  personId = (await createUser('person')).id;
});
afterAll(async () => {
  await h?.close();
});

describe('flag layers', () => {
  it('keeps global, plan and personal values apart, and reads a person’s by their plan', async () => {
    await changeFlag(h.db, { where: { scope: 'global' }, key: 'showMachineLogs', value: true, actorId: staffId });
    await changeFlag(h.db, { where: { scope: 'plan', tier: 'tier-1' }, key: 'enableDiffView', value: true, actorId: staffId });
    await changeFlag(h.db, { where: { scope: 'plan', tier: 'free' }, key: 'enableDiffView', value: false, actorId: staffId });
    await changeFlag(h.db, { where: { scope: 'user', userId: personId }, key: 'aiModelOverride', value: 'Claude', actorId: staffId });

    expect(await getFlagLayers(h.db, personId, 'tier-1')).toEqual({
      global: { showMachineLogs: true },
      plan: { enableDiffView: true },
      user: { aiModelOverride: 'Claude' },
    });
    expect(await getFlagLayers(h.db, staffId, 'free')).toEqual({ global: { showMachineLogs: true }, plan: { enableDiffView: false }, user: {} });
    expect((await listFlagSettings(h.db)).map((r) => [r.scope, r.target, r.key, r.value, r.updatedBy])).toEqual([
      ['global', '', 'showMachineLogs', true, staffId],
      ['plan', 'free', 'enableDiffView', false, staffId],
      ['plan', 'tier-1', 'enableDiffView', true, staffId],
    ]);
  });

  it('records every change with what it was and what it became, and clears to the layer below', async () => {
    const changed = await changeFlag(h.db, { where: { scope: 'plan', tier: 'tier-1' }, key: 'enableDiffView', value: false, actorId: staffId });
    expect(changed).toEqual({ from: { set: true, value: true }, to: { set: true, value: false } });
    const cleared = await changeFlag(h.db, { where: { scope: 'plan', tier: 'tier-1' }, key: 'enableDiffView', value: undefined, actorId: staffId });
    expect(cleared).toEqual({ from: { set: true, value: false }, to: { set: false, value: null } });
    const nullModel = await changeFlag(h.db, { where: { scope: 'user', userId: personId }, key: 'aiModelOverride', value: null, actorId: staffId });
    expect(nullModel).toEqual({ from: { set: true, value: 'Claude' }, to: { set: true, value: null } });
    expect((await getFlagLayers(h.db, personId, 'tier-1')).user).toEqual({ aiModelOverride: null });

    const audit = (await listAudit(h.db)).filter((e) => e.action.startsWith('flag.'));
    expect(audit.at(-3)).toMatchObject({
      actorId: staffId,
      action: 'flag.set',
      targetUserId: null,
      details: { scope: 'plan', target: 'tier-1', key: 'enableDiffView', from: { set: true, value: true }, to: { set: true, value: false } },
    });
    expect(audit.at(-2)).toMatchObject({ action: 'flag.clear', details: { key: 'enableDiffView', to: { set: false } } });
    expect(audit.at(-1)).toMatchObject({ action: 'flag.set', targetUserId: personId, details: { scope: 'user', target: personId, key: 'aiModelOverride' } });
  });

  it('refuses a plan row without a plan, in the database itself', async () => {
    await expect(changeFlag(h.db, { where: { scope: 'plan', tier: '' }, key: 'exampleFlag', value: true, actorId: staffId })).rejects.toThrow();
    expect((await listFlagSettings(h.db)).some((r) => r.key === 'exampleFlag')).toBe(false);
  });

  it('keeps a plan’s flags when the staff member who set them leaves, and drops a person’s with them', async () => {
    const leaving = await createUser('leaving');
    const gone = await createUser('gone');
    await changeFlag(h.db, { where: { scope: 'global' }, key: 'exampleFlag', value: true, actorId: leaving.id });
    await changeFlag(h.db, { where: { scope: 'user', userId: gone.id }, key: 'exampleFlag', value: true, actorId: staffId });
    await deleteUserForTest(h.db, leaving.id);
    await deleteUserForTest(h.db, gone.id);
    expect((await listFlagSettings(h.db)).find((r) => r.key === 'exampleFlag')).toMatchObject({ value: true, updatedBy: null });
    expect((await getFlagLayers(h.db, gone.id, 'free')).user).toEqual({});
  });
});
