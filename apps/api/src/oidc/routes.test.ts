import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deleteAccountData, markEmailVerified } from '@sprout/db';
import { freePort } from '@sprout/testkit';
import { startOidcProvider, type TestOidcProvider } from '@sprout/testkit/oidc';
import { useFixture } from '@sprout/testkit/vitest';
import { useTestApp } from '../testing';

// The whole sign-in with a real OpenID Connect provider (oidc-provider on 127.0.0.1): the API's
// start, the provider's login page and its redirects over real HTTP, the API's callback and the
// page's completion, following every redirect by hand with each side's cookies.

const API = 'http://localhost:3001';
const WEB = 'http://localhost:3000';

const provider: TestOidcProvider = useFixture(
  'the OIDC provider',
  () => startOidcProvider({ redirectUris: [`${API}/v1/auth/oidc/test/callback`] }),
  (p) => p.stop(),
);
const down = useFixture(
  'a closed port',
  async () => ({ port: await freePort() }),
  async () => {},
);
const t = useTestApp(() => ({
  OIDC_PROVIDERS: `Test=${provider.issuer},${provider.clientId},${provider.clientSecret};Down=http://127.0.0.1:${down.port},c,s`,
}));

let people = 0;
const person = (claims: { email?: string; email_verified?: boolean; name?: string }) => {
  people += 1;
  const login = `person-${people}`;
  provider.addPerson(login, claims);
  return login;
};

/** A browser: the API's binding cookie and the provider's cookies, kept apart as a browser keeps them per host. */
function browser() {
  let apiCookie = '';
  const providerCookies = new Map<string, string>();
  const cookieHeader = () => [...providerCookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const keepProvider = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      providerCookies.set(name!.trim(), value.join('='));
    }
  };

  /** Follows redirects from `url` until the browser is sent to the web app; the login page is answered with `login`, or cancelled. */
  async function follow(url: string, act: { login?: string; cancel?: boolean }): Promise<URL> {
    for (let hops = 0; hops < 20; hops++) {
      if (url.startsWith(WEB)) return new URL(url);
      if (url.startsWith(API)) {
        const res = await t.api('GET', url.slice(API.length), { headers: apiCookie ? { cookie: apiCookie } : {} });
        const set = res.headers['set-cookie'];
        if (set) apiCookie = String(set).split(';')[0]!;
        expect(res.statusCode, res.body).toBe(302);
        url = String(res.headers.location);
        continue;
      }
      const page = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader() } });
      keepProvider(page);
      if (page.status >= 300 && page.status < 400) {
        url = new URL(page.headers.get('location')!, url).href;
        continue;
      }
      const html = await page.text();
      const form = /action="([^"]+)"/.exec(html);
      expect(form, html).not.toBeNull();
      const action = new URL(form![1]!, url).href;
      const post = await fetch(act.cancel ? `${action}/abort` : action, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ login: act.login ?? '' }).toString(),
      });
      keepProvider(post);
      expect(post.status, await post.clone().text()).toBeGreaterThanOrEqual(300);
      url = new URL(post.headers.get('location')!, action).href;
    }
    throw new Error('too many redirects');
  }

  return {
    follow,
    start: (query = 'from=login', provider = 'test') => withTab(`${API}/v1/auth/oidc/${provider}/start?${query}`),
    dropApiCookie: () => {
      apiCookie = '';
    },
  };
}

// The sign-in page's tab secret (sessionStorage in the browser) and the hash every start carries.
const TAB_SECRET = 'tab-secret-of-the-sign-in-page-0123456789';
const TAB = createHash('sha256').update(TAB_SECRET).digest('hex');
const withTab = (url: string) => `${url}${url.includes('?') ? '&' : '?'}tab=${TAB}`;

async function complete(landing: URL) {
  expect(landing.pathname, landing.href).toBe('/auth/complete');
  const res = await t.api('POST', '/v1/auth/oidc/complete', { body: { code: landing.searchParams.get('code'), secret: TAB_SECRET } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    idToken: string;
    refreshToken: string;
    user: { id: string; email: string; displayName: string; emailVerified: boolean };
    created: boolean;
    redirectUrl: string | null;
    prompt: string | null;
  };
}

const signIn = async (login: string, query?: string) => complete(await browser().follow(browser().start(query), { login }));

describe('one-click sign-in with an OpenID Connect provider', () => {
  it('lists the providers by id and label, never their secrets', async () => {
    const res = await t.api('GET', '/v1/auth/oidc/providers');
    expect(res.json()).toEqual({
      providers: [
        { id: 'test', label: 'Test' },
        { id: 'down', label: 'Down' },
      ],
    });
    expect(res.body).not.toContain(provider.clientSecret);
  });

  it('makes a verified account without a password for a new person, with the session a password sign-in gives', async () => {
    const login = person({ email: 'New.Person@Example.com', email_verified: true, name: 'New Person' });
    const b = browser();
    const landing = await b.follow(b.start('from=register&redirectUrl=%2Fsettings&prompt=A+plant+log'), { login });
    const session = await complete(landing);
    expect(session).toMatchObject({ created: true, redirectUrl: '/settings', prompt: 'A plant log' });
    expect(session.user).toMatchObject({ email: 'new.person@example.com', displayName: 'New Person', emailVerified: true });
    const me = await t.api('GET', '/v1/me', { token: session.idToken });
    expect(me.statusCode).toBe(200);
    expect((await t.api('POST', '/v1/auth/refresh', { body: { refreshToken: session.refreshToken } })).statusCode).toBe(200);

    // No password matches until a reset sets one; the reset works as for anyone.
    const refused = await t.api('POST', '/v1/auth/login', { body: { email: 'new.person@example.com', password: '' } });
    expect(refused.statusCode).toBe(401);
    const wrong = await t.api('POST', '/v1/auth/login', { body: { email: 'new.person@example.com', password: 'any password at all' } });
    expect(wrong.json()).toMatchObject({ code: 'invalid_credentials' });
    await t.api('POST', '/v1/auth/password-reset', { body: { email: 'new.person@example.com' } });
    const entry = [...t.logs].reverse().find((l) => l.event === 'password_reset_link' && l.to === 'new.person@example.com');
    const token = new URL(String(entry!.link)).searchParams.get('token');
    expect((await t.api('POST', '/v1/auth/password-reset/confirm', { body: { token, password: 'a brand new password' } })).statusCode).toBe(204);
    expect((await t.api('POST', '/v1/auth/login', { body: { email: 'new.person@example.com', password: 'a brand new password' } })).statusCode).toBe(200);
  });

  it('signs the same person in to the same account, by the link, even after their address changed at the provider', async () => {
    const login = person({ email: 'linked@example.com', email_verified: true, name: 'Linked' });
    const first = await signIn(login);
    provider.addPerson(login, { email: 'moved@example.com', email_verified: true, name: 'Linked' });
    const second = await signIn(login);
    expect(second.user.id).toBe(first.user.id);
    expect(second.created).toBe(false);
  });

  it('links an existing account with the same verified address (any case), which keeps its password', async () => {
    const account = await t.register({ email: 'has-password@example.com' });
    await markEmailVerified(t.db.db, account.user.id, account.user.email);
    const session = await signIn(person({ email: 'Has-Password@EXAMPLE.com', email_verified: true }));
    expect(session.user.id).toBe(account.user.id);
    expect(session.created).toBe(false);
    expect((await t.api('POST', '/v1/auth/login', { body: { email: account.user.email, password: account.password } })).statusCode).toBe(200);
  });

  it('takes an account whose address was never proved from whoever made it: password cleared, their sessions ended', async () => {
    const squatter = await t.register({ email: 'squatted@example.com' });
    const session = await signIn(person({ email: 'squatted@example.com', email_verified: true }));
    expect(session.user).toMatchObject({ id: squatter.user.id, emailVerified: true });
    expect((await t.api('GET', '/v1/me', { token: squatter.idToken })).statusCode).toBe(401);
    expect((await t.api('POST', '/v1/auth/login', { body: { email: 'squatted@example.com', password: squatter.password } })).statusCode).toBe(401);
  });

  it('refuses an address the provider does not vouch for, and makes no account', async () => {
    const b = browser();
    const landing = await b.follow(b.start('from=register&redirectUrl=%2Fsettings'), {
      login: person({ email: 'unverified@example.com', email_verified: false }),
    });
    expect(landing.pathname).toBe('/register');
    expect(Object.fromEntries(landing.searchParams)).toEqual({ oidcError: 'email_unverified', provider: 'test', redirectUrl: '/settings' });
    const noEmail = await b.follow(b.start(), { login: person({ name: 'No Email' }) });
    expect(noEmail.searchParams.get('oidcError')).toBe('email_unverified');
    const res = await t.api('POST', '/v1/auth/login', { body: { email: 'unverified@example.com', password: 'whatever password' } });
    expect(res.statusCode).toBe(401);
  });

  it('says a cancelled sign-in was cancelled', async () => {
    const b = browser();
    const landing = await b.follow(b.start(), { cancel: true });
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('oidcError')).toBe('cancelled');
  });

  it('refuses a replayed callback, a forged state and a state from another browser', async () => {
    const login = person({ email: 'replay@example.com', email_verified: true });
    const b = browser();
    // Stop at the callback to play it more than once.
    const auth = await t.api('GET', withTab('/v1/auth/oidc/test/start'));
    const cookie = String(auth.headers['set-cookie']).split(';')[0]!;
    expect(String(auth.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
    const authUrl = new URL(String(auth.headers.location));
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('scope')).toBe('openid email profile');
    expect(authUrl.searchParams.get('nonce')).toBeTruthy();
    // A browser without the binding cookie of this start (it was made here): refused as foreign.
    const landing = await b.follow(authUrl.href, { login });
    expect(landing.searchParams.get('oidcError')).toBe('expired');
    // With the binding cookie it works once; played again it is refused.
    const again = await t.api('GET', withTab('/v1/auth/oidc/test/start'), { headers: { cookie } });
    const url = await followToCallback(String(again.headers.location), login);
    const once = await t.api('GET', url, { headers: { cookie } });
    expect(String(once.headers.location)).toMatch(`${WEB}/auth/complete?code=`);
    const twice = await t.api('GET', url, { headers: { cookie } });
    expect(new URL(String(twice.headers.location)).searchParams.get('oidcError')).toBe('expired');
    const forged = await t.api('GET', '/v1/auth/oidc/test/callback?code=abc&state=forged', { headers: { cookie } });
    expect(new URL(String(forged.headers.location)).searchParams.get('oidcError')).toBe('expired');
    // The handoff code works once.
    const code = new URL(String(once.headers.location)).searchParams.get('code');
    expect((await t.api('POST', '/v1/auth/oidc/complete', { body: { code, secret: TAB_SECRET } })).statusCode).toBe(200);
    const reused = await t.api('POST', '/v1/auth/oidc/complete', { body: { code, secret: TAB_SECRET } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('invalid_sign_in_code');
  });

  it('completes only in the tab that started it: a code taken to another browser (a login CSRF) signs nobody in', async () => {
    const login = person({ email: 'csrf@example.com', email_verified: true });
    // The attacker's own finished sign-in, its code sent to someone else's browser, which lacks the tab secret.
    const landing = await browser().follow(browser().start(), { login });
    const stolen = await t.api('POST', '/v1/auth/oidc/complete', {
      body: { code: landing.searchParams.get('code'), secret: 'another-tab-secret-0123456789abcdef' },
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe('invalid_sign_in_code');
    expect(stolen.body).not.toContain('idToken');
    // Spent by the try: not even the right tab can use it afterwards.
    const after = await t.api('POST', '/v1/auth/oidc/complete', { body: { code: landing.searchParams.get('code'), secret: TAB_SECRET } });
    expect(after.statusCode).toBe(400);
    // A start without the page's binding never goes to the provider.
    const unbound = await t.api('GET', '/v1/auth/oidc/test/start?redirectUrl=%2Fsettings');
    const back = new URL(String(unbound.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe(`${WEB}/login`);
    expect(back.searchParams.get('oidcError')).toBe('expired');
  });

  it('answers 404 for a provider that is not set up, and sends an unreachable one back with a reason', async () => {
    for (const path of ['/v1/auth/oidc/nope/start', '/v1/auth/oidc/nope/callback?code=a&state=b']) {
      const res = await t.api('GET', path);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'unknown_provider', message: 'This sign-in provider is not set up here.' });
    }
    const res = await t.api('GET', withTab('/v1/auth/oidc/down/start?redirectUrl=%2Fsettings'));
    expect(res.statusCode).toBe(302);
    const back = new URL(String(res.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe(`${WEB}/login`);
    expect(back.searchParams.get('oidcError')).toBe('unreachable');
    expect(back.searchParams.get('redirectUrl')).toBe('/settings');
  });

  it('never revives a deleted account: the next sign-in makes a new one', async () => {
    const login = person({ email: 'gone@example.com', email_verified: true });
    const first = await signIn(login);
    await deleteAccountData(t.db.db, first.user.id, { actorId: first.user.id, details: {} });
    expect((await t.api('GET', '/v1/me', { token: first.idToken })).statusCode).toBe(401);
    const next = await signIn(login);
    expect(next.created).toBe(true);
    expect(next.user.id).not.toBe(first.user.id);
  });
});

/** Follows the provider's redirects until it sends the browser to the API's callback, and returns that path. */
async function followToCallback(url: string, login: string): Promise<string> {
  let cookies = '';
  for (let hops = 0; hops < 20; hops++) {
    if (url.startsWith(API)) return url.slice(API.length);
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: cookies } });
    cookies = mergeCookies(cookies, res);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      continue;
    }
    const action = new URL(/action="([^"]+)"/.exec(await res.text())![1]!, url).href;
    const post = await fetch(action, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookies, 'content-type': 'application/x-www-form-urlencoded' },
      body: `login=${encodeURIComponent(login)}`,
    });
    cookies = mergeCookies(cookies, post);
    url = new URL(post.headers.get('location')!, action).href;
  }
  throw new Error('too many redirects');
}

function mergeCookies(header: string, res: Response): string {
  const jar = new Map(header ? header.split('; ').map((c) => c.split('=') as [string, string]) : []);
  for (const line of res.headers.getSetCookie()) {
    const [name, ...value] = line.split(';')[0]!.split('=');
    jar.set(name!, value.join('='));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}
