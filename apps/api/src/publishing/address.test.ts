import { describe, expect, it } from 'vitest';
import type { PublishAddress } from '@sprout/core/contract';
import { upsertSubscription } from '@sprout/db';
import { type Session, useTestApp } from '../testing';

// The publish dialog shows the address before publishing and lets the person change it.

const t = useTestApp();

const create = async (s: Session, displayName: string) => (await t.api('POST', '/v1/sprouts', { token: s.idToken, body: { displayName } })).json();
const address = async (s: Session, id: string, slug?: string) => {
  const res = await t.api('GET', `/build/v1/sprouts/${id}/address${slug === undefined ? '' : `?slug=${encodeURIComponent(slug)}`}`, { token: s.idToken });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PublishAddress;
};
const publish = (s: Session, id: string, body: Record<string, unknown> = {}) => t.api('POST', `/build/v1/sprouts/${id}/publish`, { token: s.idToken, body });
const site = (url: string) => t.app.inject({ method: 'GET', url: '/', headers: { host: new URL(url).host } });

async function premium(): Promise<Session> {
  const s = await t.register();
  await upsertSubscription(t.db.db, s.user.id, { type: 'subscribed on web', tierType: 'tier-1' });
  return s;
}

describe('the publish address', () => {
  it('is proposed from the name before publishing, free and unclaimed, and publishing takes it', async () => {
    const s = await premium();
    const p = await create(s, 'Fridge to Table');
    expect(await address(s, p.id)).toEqual({
      slug: 'fridge-to-table',
      url: 'http://fridge-to-table.sites.localhost:3001',
      available: true,
      current: false,
      message: null,
    });
    const other = await create(s, 'Fridge to Table');
    // Nothing was claimed by asking: both are offered the same address until one publishes.
    expect((await address(s, other.id)).slug).toBe('fridge-to-table');
    expect((await publish(s, p.id)).json().publicUrl).toBe('http://fridge-to-table.sites.localhost:3001');
    expect(await address(s, p.id)).toMatchObject({ slug: 'fridge-to-table', current: true, available: true });
    expect((await address(s, other.id)).slug).toMatch(/^fridge-to-table-[a-z0-9]{4}$/);
  });

  it('says why a typed address cannot be used: invalid, reserved or taken', async () => {
    const s = await premium();
    const taken = await create(s, 'Taken Name');
    await publish(s, taken.id);
    const p = await create(s, 'Mine');
    expect(await address(s, p.id, 'My App')).toMatchObject({ available: false, message: 'Use only letters a–z, digits and hyphens.' });
    expect(await address(s, p.id, 'admin')).toMatchObject({ available: false, message: 'That address is reserved for Sprout. Try another.' });
    expect(await address(s, p.id, 'taken-name')).toMatchObject({ available: false, message: 'That address is taken. Try another.' });
    expect(await address(s, p.id, ' Corner-Shop ')).toEqual({
      slug: 'corner-shop',
      url: 'http://corner-shop.sites.localhost:3001',
      available: true,
      current: false,
      message: null,
    });
    expect((await t.api('GET', `/build/v1/sprouts/${p.id}/address?slug=${'a'.repeat(101)}`, { token: s.idToken })).statusCode).toBe(400);
  });

  it('publishes at the chosen address, refuses bad or taken ones before building, and moves a live app', async () => {
    const s = await premium();
    const holder = await create(s, 'Holder');
    await publish(s, holder.id, { slug: 'corner-bakery' });
    const p = await create(s, 'Bakery');

    const bad = await publish(s, p.id, { slug: 'no spaces' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 'invalid_address', message: 'Use only letters a–z, digits and hyphens.' });
    const taken = await publish(s, p.id, { slug: 'corner-bakery' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'address_taken', message: 'That address is taken. Try another.' });
    expect((await t.api('GET', `/v1/sprouts/${p.id}`, { token: s.idToken })).json()).toMatchObject({ published: false, publicUrl: null });

    const live = (await publish(s, p.id, { slug: 'Bakery-On-Main' })).json();
    expect(live.publicUrl).toBe('http://bakery-on-main.sites.localhost:3001');
    expect((await site(live.publicUrl)).statusCode).toBe(200);

    // Changing the address of a live app: the new one serves it, the old one no longer does.
    const moved = (await publish(s, p.id, { slug: 'main-street-bakery' })).json();
    expect(moved.publicUrl).toBe('http://main-street-bakery.sites.localhost:3001');
    expect((await site(moved.publicUrl)).statusCode).toBe(200);
    expect((await site(live.publicUrl)).statusCode).toBe(404);
    // The released address is free for anyone again.
    expect((await address(s, holder.id, 'bakery-on-main')).available).toBe(true);
  });

  it('is the owner’s business only', async () => {
    const owner = await premium();
    const stranger = await t.register();
    const p = await create(owner, 'Private');
    expect((await t.api('GET', `/build/v1/sprouts/${p.id}/address`, { token: stranger.idToken })).statusCode).toBe(404);
    expect((await t.api('GET', `/build/v1/sprouts/${p.id}/address`)).statusCode).toBe(401);
  });
});
