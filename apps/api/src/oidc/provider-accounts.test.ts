import { describe, expect, it } from 'vitest';
import { insertOidcLink, markEmailVerified } from '@sprout/db';
import { useTestApp } from '../testing';
import { accountFor, displayNameOf } from './provider-accounts';
import { SignInFailure } from './sign-in-failure';

const t = useTestApp({ STAFF_EMAILS: 'boss@example.com' });
const services = () => t.app.services;
let n = 0;
const sub = () => `sub-${++n}`;

describe('which account a provider signs a person in to', () => {
  it('the linked one first, whatever address the provider now gives', async () => {
    const account = await t.register();
    const s = sub();
    await insertOidcLink(t.db.db, { provider: 'acme', subject: s, userId: account.user.id });
    const { user, created } = await accountFor(services(), 'acme', { sub: s, email: 'someone-else@example.com', email_verified: false }, '10.0.0.1');
    expect(user.id).toBe(account.user.id);
    expect(created).toBe(false);
  });

  it('else the account with the verified address, which is linked from then on', async () => {
    const account = await t.register({ email: 'Verified.Owner@example.com' });
    await markEmailVerified(t.db.db, account.user.id, account.user.email);
    const s = sub();
    const first = await accountFor(services(), 'acme', { sub: s, email: 'verified.owner@EXAMPLE.com', email_verified: true }, '10.0.0.1');
    expect(first.user.id).toBe(account.user.id);
    const again = await accountFor(services(), 'acme', { sub: s }, '10.0.0.1');
    expect(again.user.id).toBe(account.user.id);
  });

  it('refuses an address the provider does not vouch for (false, missing, or a string "true")', async () => {
    for (const claims of [
      { email: 'x@example.com', email_verified: false },
      { email: 'x@example.com' },
      { email: 'x@example.com', email_verified: 'true' },
      {},
    ]) {
      const err = await accountFor(services(), 'acme', { sub: sub(), ...claims }, '10.0.0.1').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SignInFailure);
      expect((err as SignInFailure).reason).toBe('email_unverified');
    }
  });

  it('else a new verified account without a password, named by the provider; STAFF_EMAILS apply', async () => {
    const { user, created } = await accountFor(
      services(),
      'acme',
      { sub: sub(), email: 'boss@example.com', email_verified: true, given_name: 'Boss' },
      '10.0.0.1',
    );
    expect(created).toBe(true);
    expect(user).toMatchObject({ email: 'boss@example.com', displayName: 'Boss', emailVerified: true, passwordHash: '' });
    expect(user.tier).not.toBe('free');
  });

  it('names a person by name, given name, or the address before the @, within what sign-up accepts', () => {
    expect(displayNameOf({ name: ' Ada Lovelace ' }, 'a@x.com')).toBe('Ada Lovelace');
    expect(displayNameOf({ given_name: 'Ada' }, 'a@x.com')).toBe('Ada');
    expect(displayNameOf({ name: '\u0000\u0007' }, 'ada.l@x.com')).toBe('ada.l');
    expect(displayNameOf({ name: 'x'.repeat(300) }, 'a@x.com')).toHaveLength(100);
  });
});
