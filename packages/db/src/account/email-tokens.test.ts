import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { newId } from '../ids';
import { createUser, getUserById } from '../queries/users';
import { changeUserEmail, consumeEmailToken, endEmailTokens, getPendingEmailChange, markEmailVerified, replaceEmailToken } from './email-tokens';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

const person = (tag: string) => createUser(h.db, { email: `${tag}-${newId(6)}@example.com`, passwordHash: 'x', displayName: tag });
const soon = () => new Date(Date.now() + 60_000);

describe('email tokens', () => {
  it('a link works once, only the newest of a purpose works, and an expired one never', async () => {
    const u = await person('links');
    await replaceEmailToken(h.db, { userId: u.id, purpose: 'verify', email: u.email, tokenHash: 'first', expiresAt: soon() });
    await replaceEmailToken(h.db, { userId: u.id, purpose: 'verify', email: u.email, tokenHash: 'second', expiresAt: soon() });
    expect(await consumeEmailToken(h.db, 'first')).toBeNull();
    expect(await consumeEmailToken(h.db, 'second')).toEqual({ userId: u.id, purpose: 'verify', email: u.email });
    expect(await consumeEmailToken(h.db, 'second')).toBeNull();
    await replaceEmailToken(h.db, { userId: u.id, purpose: 'verify', email: u.email, tokenHash: 'old', expiresAt: new Date(Date.now() - 1) });
    expect(await consumeEmailToken(h.db, 'old')).toBeNull();
  });

  it('a pending change is the newest unused, unexpired change link; ending links ends it', async () => {
    const u = await person('pending');
    expect(await getPendingEmailChange(h.db, u.id)).toBeNull();
    await replaceEmailToken(h.db, { userId: u.id, purpose: 'change', email: 'Next@Example.com', tokenHash: newId(30), expiresAt: soon() });
    expect(await getPendingEmailChange(h.db, u.id)).toEqual({ email: 'next@example.com', expiresAt: expect.any(Date) });
    await endEmailTokens(h.db, u.id);
    expect(await getPendingEmailChange(h.db, u.id)).toBeNull();
  });

  it('verifies only the address the account still has; a change to a taken address is refused', async () => {
    const u = await person('verify');
    const other = await person('other');
    expect(await markEmailVerified(h.db, u.id, 'somewhere-else@example.com')).toBe(false);
    expect((await getUserById(h.db, u.id))!.emailVerified).toBe(false);
    expect(await markEmailVerified(h.db, u.id, u.email.toUpperCase())).toBe(true);
    expect((await getUserById(h.db, u.id))!.emailVerified).toBe(true);

    expect(await changeUserEmail(h.db, u.id, other.email)).toBe('taken');
    expect(await changeUserEmail(h.db, u.id, 'Moved@Example.com')).toBe('changed');
    expect((await getUserById(h.db, u.id))!).toMatchObject({ email: 'moved@example.com', emailVerified: true });
    expect(await changeUserEmail(h.db, 'nobody', 'x@example.com')).toBe('missing');
  });
});
