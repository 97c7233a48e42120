// A published app's address is an origin visitors' browsers trust with their storage. A stranger who
// could take an address the moment its app moved or its account went would read what that app kept
// in its visitors' localStorage. Released addresses are held, and whoever takes one later has the
// browsers clear the earlier app's storage.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Session, useTestApp } from '@sprout/api/testing';
import { Tally } from '@sprout/testkit/vitest';

const reuse = new Tally('published addresses: released, then reused');
const t = useTestApp();

const create = async (s: Session, displayName: string) => (await t.api('POST', '/v1/sprouts', { token: s.idToken, body: { displayName } })).json();
const publish = (s: Session, id: string, slug: string) => t.api('POST', `/build/v1/sprouts/${id}/publish`, { token: s.idToken, body: { slug } });
const page = (slug: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/', headers: { host: `${slug}.sites.localhost:3001`, ...(cookie ? { cookie } : {}) } });

describe('an address given up', () => {
  it('is held from strangers after a move and after an account deletion; a later owner has the old storage cleared once', async () => {
    const owner = await t.register();
    const stranger = await t.register();
    const app = await create(owner, 'Moving');
    expect((await publish(owner, app.id, 'moving-shop')).statusCode).toBe(200);
    expect((await publish(owner, app.id, 'moving-shop-2')).statusCode).toBe(200);

    const mine = await create(stranger, 'Mine');
    const check = (await t.api('GET', `/build/v1/sprouts/${mine.id}/address?slug=moving-shop`, { token: stranger.idToken })).json();
    reuse.check(check.available === false && /held for 30 days/.test(check.message), `a stranger may take a just-released address: ${JSON.stringify(check)}`);
    const taken = await publish(stranger, mine.id, 'moving-shop');
    reuse.check(taken.statusCode === 409, `a stranger published at a just-released address: ${taken.statusCode}`);

    const leaving = await t.register();
    const gone = await create(leaving, 'Gone');
    expect((await publish(leaving, gone.id, 'gone-shop')).statusCode).toBe(200);
    expect((await t.api('DELETE', '/v1/me', { token: leaving.idToken, body: { password: leaving.password } })).statusCode).toBeLessThan(300);
    const afterDeletion = await publish(stranger, mine.id, 'gone-shop');
    reuse.check(afterDeletion.statusCode === 409, `a stranger took a deleted account's address at once: ${afterDeletion.statusCode}`);

    // The hold over (as if 31 days had passed): the stranger may take it, and browsers forget the old app's storage.
    await t.db.db.execute(sql`update released_addresses set released_at = now() - interval '31 days' where slug = 'moving-shop'`);
    expect((await publish(stranger, mine.id, 'moving-shop')).statusCode).toBe(200);
    const first = await page('moving-shop');
    expect(first.statusCode).toBe(200);
    reuse.check(first.headers['clear-site-data'] === '"storage"', `the earlier app's storage is kept: ${JSON.stringify(first.headers['clear-site-data'])}`);
    // Beside the new visitor's cookie, the one that says the earlier app's storage was cleared.
    const marker = String([first.headers['set-cookie']].flat().find((c) => c?.startsWith('sprout_site='))).split(';')[0]!;
    expect(marker).toBe(`sprout_site=${mine.id}`);
    expect((await page('moving-shop', marker)).headers['clear-site-data']).toBeUndefined();
    // An address nobody else had clears nothing.
    expect((await page('moving-shop-2')).headers['clear-site-data']).toBeUndefined();
    reuse.assertClean();
  });
});
