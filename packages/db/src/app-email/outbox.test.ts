import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { createUser } from '../queries/users';
import { createSproutForUser } from '../operations/create-sprout';
import { appEmailsToday, checkEmails, clearCheckEmails, finishAppEmail, listAppEmails, reserveAppEmail, unsubscribeAppEmail } from './outbox';

let h: DbHandle;
let sproutId: string;
beforeAll(async () => {
  h = await createTestDb();
  const owner = await createUser(h.db, { email: `mail-${Math.random()}@example.com`, passwordHash: 'x', displayName: 'o' });
  const r = await createSproutForUser(h.db, { ownerId: owner.id, displayName: 'S', files: [{ path: 'client/src/App.tsx', content: 'x' }] });
  if (!r.ok) throw new Error('limit');
  sproutId = r.sprout.id;
});
afterAll(async () => {
  await h?.close();
});

const mail = (to: string, transactional = true) => ({ to, subject: 'Hi', text: 'Hello', html: null, transactional });

describe("an app's Outbox", () => {
  it('keeps to the day’s quota however many send at once, the preview apart from the published app', async () => {
    const test = { sproutId, dataset: 'test' as const };
    const sends = await Promise.all(Array.from({ length: 6 }, (_, i) => reserveAppEmail(h.db, test, mail(`p${i}@example.com`), { perDay: 4 })));
    expect(sends.filter((s) => s.kind === 'send')).toHaveLength(4);
    expect(sends.filter((s) => s.kind === 'over_quota')).toHaveLength(2);
    const live = await reserveAppEmail(h.db, { sproutId, dataset: 'live' }, mail('v@example.com'), { perDay: 4 });
    expect(live.kind).toBe('send');
    expect(await appEmailsToday(h.db, sproutId)).toEqual({ test: 4, live: 1 });
    // A check's mail is its own: not the preview's count or Outbox, read back by the check, then forgotten.
    const checked = await reserveAppEmail(h.db, { sproutId, dataset: 'check' }, { ...mail('c@example.com'), subject: 'Booked' }, { perDay: 4 });
    expect(checked.kind).toBe('send');
    expect(await appEmailsToday(h.db, sproutId)).toEqual({ test: 4, live: 1 });
    expect(await checkEmails(h.db, sproutId)).toEqual([{ to: 'c@example.com', subject: 'Booked', text: 'Hello' }]);
    expect((await listAppEmails(h.db, sproutId, 'test', 10)).map((m) => m.to)).not.toContain('c@example.com');
    await clearCheckEmails(h.db, sproutId);
    expect(await checkEmails(h.db, sproutId)).toEqual([]);
    expect(await listAppEmails(h.db, sproutId, 'test', 10)).toHaveLength(4);
    // Tomorrow the quota starts again.
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect((await reserveAppEmail(h.db, test, mail('p9@example.com'), { perDay: 4, now: tomorrow })).kind).toBe('send');
  });

  it('records what became of each mail, and holds back mail that is not transactional from an address that unsubscribed', async () => {
    const scope = { sproutId, dataset: 'live' as const };
    const news = await reserveAppEmail(h.db, scope, mail('Reader@Example.com', false), { perDay: 100 });
    if (news.kind !== 'send') throw new Error(news.kind);
    expect(news.unsubscribeToken).toMatch(/^[\w-]{32}$/);
    await finishAppEmail(h.db, news.id, 'sent');
    expect(await unsubscribeAppEmail(h.db, 'another-app', news.unsubscribeToken!)).toBeNull();
    expect(await unsubscribeAppEmail(h.db, sproutId, news.unsubscribeToken!)).toEqual({ email: 'reader@example.com' });
    expect((await reserveAppEmail(h.db, scope, mail('reader@example.com', false), { perDay: 100 })).kind).toBe('unsubscribed');
    // A receipt still goes: it is not the mail they unsubscribed from.
    const receipt = await reserveAppEmail(h.db, scope, mail('reader@example.com'), { perDay: 100 });
    expect(receipt).toMatchObject({ kind: 'send', unsubscribeToken: null });
    if (receipt.kind === 'send') await finishAppEmail(h.db, receipt.id, 'failed', '550 mailbox unavailable');
    const outbox = await listAppEmails(h.db, sproutId, 'live', 10);
    expect(outbox.slice(0, 3).map((m) => [m.status, m.error])).toEqual([
      ['failed', '550 mailbox unavailable'],
      ['unsubscribed', null],
      ['sent', null],
    ]);
  });
});
