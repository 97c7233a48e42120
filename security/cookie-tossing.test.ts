// Cookie tossing between apps: every app is a subdomain of one shared domain, so a page of one app can
// set a cookie for the parent domain that the browser then sends to every other app. An attacker who
// signs up in someone's app, then plants that session from their own app, would have visitors of the
// victim's app save their data into the attacker's account. The app backend must never let a planted
// cookie choose who a visitor is.
import { describe, expect, it } from 'vitest';
import { appVisitor, newProject, type Session, type TestApp, useTestApp } from '@sprout/api/testing';
import { Tally } from '@sprout/testkit/vitest';

const tossing = new Tally('app cookies: planted by another app');

/**
 * A victim app, published (its visitors are anonymous, each their own: in the preview only the owner
 * gets in), with an attacker's account in it (signed up on the app's own pages, as anyone may).
 */
async function victimApp(t: TestApp, protocol: 'http' | 'https') {
  const owner: Session = await t.register();
  const sproutId = await newProject(t, owner);
  const published = await t.api('POST', `/build/v1/sprouts/${sproutId}/publish`, { token: owner.idToken });
  expect(published.statusCode, published.body).toBe(200);
  const host = new URL(published.json().publicUrl).host;
  const cookie = '';
  const attacker = appVisitor(t, host, cookie, protocol);
  expect((await attacker.call('POST', 'auth/sign-up', { email: 'mallory@example.com', password: 'long enough pw' })).statusCode).toBe(200);
  return { host, cookie, attacker };
}

const sessionName = (jar: Map<string, string>) => [...jar.keys()].find((k) => k.endsWith('sprout_app_session'))!;
const visitorName = (jar: Map<string, string>) => [...jar.keys()].find((k) => k.endsWith('sprout_visitor'))!;

describe('over http (development: no __Host- prefix)', () => {
  const t = useTestApp();

  it('reads two sessions of one name as none, and clears the planted one for the parent domain', async () => {
    const { host, cookie, attacker } = await victimApp(t, 'http');
    const planted = `${sessionName(attacker.jar)}=${attacker.jar.get(sessionName(attacker.jar))}`;
    // The visitor signed in as themselves, then opened the attacker's app, which planted its session.
    const visitor = appVisitor(t, host, cookie);
    await visitor.call('POST', 'auth/sign-up', { email: 'alice@example.com', password: 'long enough pw' });
    const withPlanted = appVisitor(t, host, `${cookie}; ${planted}; ${[...visitor.jar].map(([k, v]) => `${k}=${v}`).join('; ')}`);
    const me = await withPlanted.call('GET', 'auth/me');
    tossing.check(me.json().user === null, `a planted session signed the visitor in: ${me.body}`);
    const cleared = [me.headers['set-cookie'] ?? []].flat().map(String);
    tossing.check(
      cleared.some((c) => /^sprout_app_session=; Domain=sites\.localhost; Path=\/_sprout\/; Max-Age=0/.test(c)),
      `the planted session was not cleared for the parent domain: ${cleared.join(' | ')}`,
    );
    // What they save while the duplicate stands goes to nobody's account but a new visitor's.
    const saved = await withPlanted.call('POST', 'collections/notes', { text: 'alice-secret' });
    expect(saved.statusCode).toBe(201);
    tossing.check(!(await attacker.call('GET', 'collections/notes')).body.includes('alice-secret'), "the attacker's account read what the visitor saved");
    tossing.assertClean();
  });

  it('reads two visitor cookies of one name as a new visitor', async () => {
    const { host, cookie, attacker } = await victimApp(t, 'http');
    await attacker.call('POST', 'collections/notes', { text: 'planted-visitor' });
    const planted = `${visitorName(attacker.jar)}=${attacker.jar.get(visitorName(attacker.jar))}`;
    const visitor = appVisitor(t, host, cookie);
    await visitor.call('GET', 'collections/notes');
    const both = appVisitor(t, host, `${cookie}; ${planted}; ${[...visitor.jar].map(([k, v]) => `${k}=${v}`).join('; ')}`);
    const list = await both.call('GET', 'collections/notes');
    tossing.check(!list.body.includes('planted-visitor'), 'a planted visitor cookie made the visitor someone else');
    tossing.assertClean();
  });
});

describe('over https (a hosted install)', () => {
  const t = useTestApp({
    API_URL: 'https://api.sprout.test',
    WEB_URL: 'https://sprout.test',
    PREVIEW_DOMAIN: 'preview.sprout.test',
    SITES_DOMAIN: 'sites.sprout.test',
    APP_DOMAIN_ISOLATION: 'unchecked',
  });

  it('names app cookies __Host- (Secure, Path=/, no Domain), which no other host can plant', async () => {
    const { host, cookie, attacker } = await victimApp(t, 'https');
    expect([...attacker.jar.keys()].sort()).toEqual(['__Host-sprout_app_session', '__Host-sprout_visitor']);
    const me = await attacker.call('GET', 'auth/me');
    expect(me.json().user).toMatchObject({ email: 'mallory@example.com' });
    const fresh = await appVisitor(t, host, cookie, 'https').call('GET', 'auth/me');
    for (const line of [fresh.headers['set-cookie'] ?? []].flat().map(String)) {
      expect(line).toMatch(/^__Host-sprout_visitor=[^;]+; Path=\/; /);
      expect(line).toMatch(/; Secure(;|$)/);
      expect(line).not.toMatch(/Domain=/i);
    }
  });

  it('ignores a session under the name another app could plant (without the prefix)', async () => {
    const { host, cookie, attacker } = await victimApp(t, 'https');
    const planted = `sprout_app_session=${attacker.jar.get('__Host-sprout_app_session')}`;
    const visitor = appVisitor(t, host, `${cookie}; ${planted}`, 'https');
    const me = await visitor.call('GET', 'auth/me');
    tossing.check(me.json().user === null, `a session without the __Host- prefix was read: ${me.body}`);
    tossing.assertClean();
  });
});
