import { beforeAll, describe, expect, it } from 'vitest';
import { getAppDocument, upsertSubscription } from '@sprout/db';
import { type Session, useTestApp } from '../testing';
import { AppError } from '../errors';
import { listDocuments, removeDocument, replaceDocument } from './documents';
import { addDocument, projectWithRules, sproutRow } from './test-helpers';

const t = useTestApp();
let owner: Session;
beforeAll(async () => {
  owner = await t.register();
  await upsertSubscription(t.db.db, owner.user.id, { type: 'subscribed on web', tierType: 'tier-1' });
});

const roomy = { documents: 1_000, storageBytes: 10_000_000 };
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => (err instanceof AppError ? { status: err.status, code: err.code, message: err.message } : Promise.reject(err)),
  );

describe('documents in the Data panel', () => {
  it('keeps the rules’ unique fields: a second booking of a slot is refused', async () => {
    const sprout = await sproutRow(t, owner, (await projectWithRules(t, owner)).id);
    await addDocument(t, sprout.id, 'test', 'bookings', { name: 'Ada', slot: '10:00' }, ['slot']);
    const bo = await addDocument(t, sprout.id, 'test', 'bookings', { name: 'Bo', slot: '11:00' }, ['slot']);
    const target = { dataset: 'test' as const, collection: 'bookings', id: bo.id };
    expect(await refusal(replaceDocument(t.app.services, sprout, roomy, target, { name: 'Bo', slot: '10:00' }))).toEqual({
      status: 409,
      code: 'duplicate',
      message: 'Another document in bookings already has this "slot".',
    });
    // The same slot in live data is another dataset's business.
    await addDocument(t, sprout.id, 'live', 'bookings', { name: 'Cy', slot: '12:00' }, ['slot']);
    await replaceDocument(t.app.services, sprout, roomy, target, { name: 'Bo', slot: '12:00' });
    expect((await getAppDocument(t.db.db, { sproutId: sprout.id, dataset: 'test' }, 'bookings', bo.id))?.data).toEqual({ name: 'Bo', slot: '12:00' });
  });

  it('answers 403 quota_exceeded when the edit would pass the storage limit', async () => {
    const sprout = await sproutRow(t, owner, (await projectWithRules(t, owner, null)).id);
    const doc = await addDocument(t, sprout.id, 'test', 'notes', { text: 'short' });
    const tight = { documents: 1_000, storageBytes: 100 };
    expect(
      await refusal(replaceDocument(t.app.services, sprout, tight, { dataset: 'test', collection: 'notes', id: doc.id }, { text: 'x'.repeat(200) })),
    ).toMatchObject({
      status: 403,
      code: 'quota_exceeded',
    });
  });

  it('refuses edits while sprout.data.json does not parse: its unique fields are unknown', async () => {
    const sprout = await sproutRow(t, owner, (await projectWithRules(t, owner, '{"collections": {"bookings": {"read": "everyone"}}}')).id);
    const doc = await addDocument(t, sprout.id, 'test', 'bookings', { slot: '1' });
    const answer = await refusal(replaceDocument(t.app.services, sprout, roomy, { dataset: 'test', collection: 'bookings', id: doc.id }, { slot: '2' }));
    expect(answer).toMatchObject({ status: 409, code: 'rules_invalid', message: expect.stringContaining('"read" must be one of') });
    // Deleting needs no rules.
    await removeDocument(t.app.services, sprout, { dataset: 'test', collection: 'bookings', id: doc.id });
  });

  it('finds nothing in another collection of the same project', async () => {
    const sprout = await sproutRow(t, owner, (await projectWithRules(t, owner, null)).id);
    const doc = await addDocument(t, sprout.id, 'test', 'notes', { text: 'a' });
    const elsewhere = { dataset: 'test' as const, collection: 'other', id: doc.id };
    expect(await refusal(replaceDocument(t.app.services, sprout, roomy, elsewhere, { text: 'b' }))).toMatchObject({ status: 404 });
    expect(await refusal(removeDocument(t.app.services, sprout, elsewhere))).toMatchObject({ status: 404 });
    expect((await listDocuments(t.app.services, sprout, 'test', 'other', {})).data).toEqual([]);
  });

  it('tells the app’s open event streams about an edit and a deletion', async () => {
    const sprout = await sproutRow(t, owner, (await projectWithRules(t, owner, null)).id);
    const doc = await addDocument(t, sprout.id, 'live', 'notes', { text: 'a' });
    const heard: unknown[] = [];
    const stop = t.app.services.appChanges.subscribe({ sproutId: sprout.id, dataset: 'live', collection: 'notes' }, (c) => heard.push(c));
    const target = { dataset: 'live' as const, collection: 'notes', id: doc.id };
    await replaceDocument(t.app.services, sprout, roomy, target, { text: 'b' });
    await removeDocument(t.app.services, sprout, target);
    // On PostgreSQL the changes travel by NOTIFY: they arrive a moment later, not during the call.
    await expect.poll(() => heard.length).toBe(2);
    stop();
    const change = { sproutId: sprout.id, dataset: 'live', collection: 'notes', id: doc.id, createdBy: 'visitor:v1' };
    expect(heard).toEqual([
      { ...change, op: 'update' },
      { ...change, op: 'remove' },
    ]);
  });
});
