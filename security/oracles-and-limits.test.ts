// Smaller findings of the second probe: a crafted list cursor that made the app backend answer 500
// to anyone; an upload read to the route's 25 MB before the plan's 5 MB was checked; answers that
// told whether a value exists (an email change to a taken address, a unique field asked in a loop).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { appVisitor, newProject, previewCookie, type Session, useTestApp } from '@sprout/api/testing';
import { Tally } from '@sprout/testkit/vitest';

const input = new Tally('app backend: crafted cursors and uploads past the plan');
const oracles = new Tally('oracles: answers that tell what exists');
const t = useTestApp({ APP_REQUESTS_PER_MINUTE: '100000' });

const cursor = (value: unknown) => Buffer.from(JSON.stringify([value, 'x'])).toString('base64url');

async function app(owner: Session) {
  const sproutId = await newProject(t, owner);
  return previewCookie(t, owner, sproutId);
}

describe('the app backend', () => {
  it('answers a crafted cursor with 400, never 500, signed in or not', async () => {
    const { host, cookie } = await app(await t.register());
    const v = appVisitor(t, host, cookie);
    for (const value of ['', 'not a time', '2026-02-30 10:00:00', '9999-99-99 99:99:99', 7, null, { a: 1 }]) {
      for (const order of ['', '&orderBy=updatedAt', '&orderBy=title']) {
        const res = await v.call('GET', `collections/notes?after=${cursor(value)}${order}`);
        // A field order takes any value as its cursor; a time order only a time.
        const refused = order === '&orderBy=title' ? res.statusCode < 500 : res.statusCode === 400;
        input.check(refused, `cursor ${JSON.stringify(value)}${order} answered ${res.statusCode}`);
      }
    }
    input.assertClean();
  });

  it("refuses an upload over the plan's limit from its declared length, before its body arrives", async () => {
    const owner = await t.register();
    const { host, cookie } = await app(owner);
    const base = new URL(await t.listen());
    // 20 MB declared (within the route's ceiling, over a free plan's 5 MB), and no byte of it sent.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: base.hostname,
          port: (t.app.server.address() as AddressInfo).port,
          method: 'POST',
          path: '/_sprout/v1/files',
          headers: { host, cookie, 'content-type': 'text/plain', 'content-length': String(20 * 1024 * 1024) },
        },
        (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => {
            // The body it declared never comes: without this the socket stays open, and closing the
            // server after the file waits for it until the request time-out (about a minute).
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body });
          });
        },
      );
      req.on('error', reject);
      req.flushHeaders();
    });
    input.check(
      answer.status === 413 && /at most 5 MB/.test(answer.body),
      `an upload over the plan was not refused before its body: ${answer.status} ${answer.body}`,
    );
    input.assertClean();
  });

  it('lets a unique field be probed only so often from one address', async () => {
    const owner = await t.register();
    const sproutId = await newProject(t, owner);
    const rules = JSON.stringify({ collections: { members: { create: 'anyone', read: 'nobody', unique: ['email'] } } });
    const sprout = (await t.api('GET', `/v1/sprouts/${sproutId}`, { token: owner.idToken })).json();
    expect(
      (
        await t.api('PUT', `/build/v1/sprouts/${sproutId}/files`, {
          token: owner.idToken,
          body: { path: 'sprout.data.json', content: rules, baseVersionId: sprout.currentVersionId },
        })
      ).statusCode,
    ).toBe(200);
    const { host, cookie } = await previewCookie(t, owner, sproutId);
    await appVisitor(t, host, cookie).call('POST', 'collections/members', { email: 'known@example.com' });
    const prober = appVisitor(t, host, cookie, 'http', '203.0.113.50');
    const answers: number[] = [];
    for (let i = 0; i < 40; i++) answers.push((await prober.call('POST', 'collections/members', { email: 'known@example.com' })).statusCode);
    oracles.check(answers.includes(429), `a unique field answered "taken" ${answers.filter((a) => a === 409).length} times without a limit`);
    oracles.assertClean();
  });
});

describe('an email change', () => {
  it('answers a taken address as any other', async () => {
    const s = await t.register();
    const other = await t.register();
    const ask = (newEmail: string) => t.api('POST', '/v1/me/email-change', { token: s.idToken, body: { newEmail, currentPassword: s.password } });
    const free = await ask(`free-${Date.now()}@example.com`);
    const taken = await ask(other.user.email);
    oracles.check(taken.statusCode === free.statusCode, `a taken address answered ${taken.statusCode}, a free one ${free.statusCode}`);
    oracles.check(!/exists|taken/i.test(taken.body), `the answer says the address is taken: ${taken.body}`);
    oracles.assertClean();
  });
});
