import { MAX_ACCESS_TOKENS } from '@sprout/core/contract';
import { accessTokens } from '@sprout/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Session, useTestApp } from '../testing';

const t = useTestApp();
let owner: Session;
let other: Session;
beforeAll(async () => {
  [owner, other] = await Promise.all([t.register(), t.register()]);
});

const create = (s: Session, body: unknown) => t.api('POST', '/v1/me/tokens', { token: s.idToken, body });

describe('personal access tokens', () => {
  it('shows a new token once, lists it without the token, and revokes it', async () => {
    const res = await create(owner, { name: '  Laptop  ', scope: 'write' });
    expect(res.statusCode).toBe(201);
    const made = res.json();
    expect(made).toMatchObject({ name: 'Laptop', scope: 'write', lastUsedAt: null, token: expect.stringMatching(/^spt_[A-Za-z0-9_-]{43}$/) });
    const list = await t.api('GET', '/v1/me/tokens', { token: owner.idToken });
    expect(list.json().tokens).toEqual([{ id: made.id, name: 'Laptop', scope: 'write', createdAt: made.createdAt, lastUsedAt: null }]);
    expect(list.body).not.toContain(made.token);
    // Stored as a hash only.
    const [row] = await t.db.db.select().from(accessTokens).where(eq(accessTokens.id, made.id));
    expect(JSON.stringify(row)).not.toContain(made.token);
    expect((await t.api('GET', '/v1/me/tokens', { token: other.idToken })).json().tokens).toEqual([]);
    expect((await t.api('DELETE', `/v1/me/tokens/${made.id}`, { token: other.idToken })).statusCode).toBe(404);
    expect((await t.api('DELETE', `/v1/me/tokens/${made.id}`, { token: owner.idToken })).statusCode).toBe(204);
    expect((await t.api('DELETE', `/v1/me/tokens/${made.id}`, { token: owner.idToken })).statusCode).toBe(404);
    expect((await t.api('GET', '/v1/me/tokens', { token: owner.idToken })).json().tokens).toEqual([]);
  });

  it('refuses bad names and scopes, strangers, and more than the limit', async () => {
    for (const body of [
      { name: '', scope: 'read' },
      { name: 'x'.repeat(61), scope: 'read' },
      { name: 'x', scope: 'admin' },
      { name: 'x' },
      { name: 42, scope: 'read' },
    ]) {
      expect((await create(owner, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.api('POST', '/v1/me/tokens', { body: { name: 'x', scope: 'read' } })).statusCode).toBe(401);
    const person = await t.register();
    for (let i = 0; i < MAX_ACCESS_TOKENS; i++) expect((await create(person, { name: `t${i}`, scope: 'read' })).statusCode).toBe(201);
    const over = await create(person, { name: 'one more', scope: 'read' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'too_many_tokens', message: expect.stringContaining('Revoke one') });
  });
});
