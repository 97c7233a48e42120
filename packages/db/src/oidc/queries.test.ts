import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { newId } from '../ids';
import { createUser } from '../queries/users';
import { deleteAccountData } from '../account/delete-account';
import { findOidcLink, insertOidcHandoff, insertOidcLink, insertOidcSignIn, takeOidcHandoff, takeOidcSignIn } from './queries';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

const person = (tag: string) => createUser(h.db, { email: `${tag}-${newId(6)}@example.com`, passwordHash: '', displayName: tag, emailVerified: true });
const inMs = (ms: number) => new Date(Date.now() + ms);
const signIn = (stateHash: string, expiresAt: Date) => ({
  stateHash,
  provider: 'acme',
  browserHash: 'b',
  tabHash: 't',
  codeVerifier: 'v',
  nonce: 'n',
  redirectUrl: '/settings',
  prompt: null,
  origin: 'login' as const,
  expiresAt,
});

describe('sign-ins with a provider', () => {
  it('a subject links to one account, and the link goes with the account', async () => {
    const u = await person('linked');
    expect(u.emailVerified).toBe(true);
    expect(await insertOidcLink(h.db, { provider: 'acme', subject: 's-1', userId: u.id })).toBe(true);
    const other = await person('other');
    expect(await insertOidcLink(h.db, { provider: 'acme', subject: 's-1', userId: other.id })).toBe(false);
    expect(await findOidcLink(h.db, 'acme', 's-1')).toBe(u.id);
    expect(await findOidcLink(h.db, 'globex', 's-1')).toBeNull();
    await deleteAccountData(h.db, u.id, { actorId: u.id, details: {} });
    expect(await findOidcLink(h.db, 'acme', 's-1')).toBeNull();
  });

  it('a state is taken once and never after it expired', async () => {
    await insertOidcSignIn(h.db, signIn('fresh', inMs(60_000)));
    expect(await takeOidcSignIn(h.db, 'fresh')).toMatchObject({ provider: 'acme', redirectUrl: '/settings', origin: 'login' });
    expect(await takeOidcSignIn(h.db, 'fresh')).toBeNull();
    await insertOidcSignIn(h.db, signIn('stale', inMs(-1)));
    expect(await takeOidcSignIn(h.db, 'stale')).toBeNull();
  });

  it('a handoff code works once and never after it expired', async () => {
    const u = await person('handoff');
    await insertOidcHandoff(h.db, {
      codeHash: 'c1',
      userId: u.id,
      redirectUrl: null,
      prompt: 'A todo app',
      created: true,
      tabHash: 't',
      expiresAt: inMs(60_000),
    });
    expect(await takeOidcHandoff(h.db, 'c1')).toMatchObject({ userId: u.id, prompt: 'A todo app', created: true });
    expect(await takeOidcHandoff(h.db, 'c1')).toBeNull();
    await insertOidcHandoff(h.db, { codeHash: 'c2', userId: u.id, redirectUrl: null, prompt: null, created: false, tabHash: 't', expiresAt: inMs(-1) });
    expect(await takeOidcHandoff(h.db, 'c2')).toBeNull();
  });
});
