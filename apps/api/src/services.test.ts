import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseRunEvents } from '@sprout/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import type { Services } from './services';
import { appVisitor, newProject, previewCookie, sendAndWait, type TestApp, useTestApp } from './testing';

// Two apps in one process, on one database: as two instances of the API, or two tests' apps.
// Everything an app counts or caches between requests is its own.
const t = useTestApp({ APP_REQUESTS_PER_MINUTE: '2', STREAMS_PER_PERSON: '1' });
let other: Awaited<ReturnType<typeof buildApp>>;
let onOther: TestApp;

beforeAll(async () => {
  other = await buildApp({ config: t.app.services.config, db: t.db, logger: false });
  await other.ready();
  onOther = { ...t, app: other };
});
afterAll(() => other.close());

/** The services' process state (see services.ts): each app must hold its own. */
const STATE: (keyof Services)[] = ['previewCandidates', 'candidateRules', 'previewTrust', 'appCaches', 'siteFiles', 'limits', 'stripePrices', 'dummyPassword'];

describe('a second app in the same process', () => {
  // On the embedded database an app is the only instance and counts in its process; apps sharing a
  // PostgreSQL database are instances of one deployment and count together (src/limits/).
  const together = () => t.app.services.limits.kind !== 'memory';

  it("counts an app backend's requests apart in its process, or together with the other when they share PostgreSQL", async () => {
    const owner = await t.register();
    const { host, cookie } = await previewCookie(t, owner, await newProject(t, owner));
    const here = appVisitor(t, host, cookie);
    expect((await here.call('GET', 'collections/notes')).statusCode).toBe(200);
    expect((await here.call('GET', 'collections/notes')).statusCode).toBe(200);
    expect((await here.call('GET', 'collections/notes')).statusCode).toBe(429);
    // The same visitor (the same cookies, the same address) on the other app.
    const there = appVisitor(onOther, host, `${cookie}; sprout_visitor=${here.jar.get('sprout_visitor')}`);
    const answer = await there.call('GET', 'collections/notes');
    expect(answer.statusCode, answer.body).toBe(together() ? 429 : 200);
    expect(there.jar.has('sprout_visitor')).toBe(false);
  });

  it('counts open run event streams apart in its process, or together with the other when they share PostgreSQL', async () => {
    const owner = await t.register();
    const { runId } = await sendAndWait(t, owner, await newProject(t, owner), 'a todo list');
    // The person holds their one stream (STREAMS_PER_PERSON) open on this app.
    const slot = [`run-stream:${owner.user.id}`];
    expect(await t.app.services.limits.tryOpen(slot, [1])).toBe(true);
    try {
      const here = await t.api('GET', `/build/v1/runs/${runId}/events`, { token: owner.idToken });
      expect(here.statusCode).toBe(429);
      expect(here.json()).toMatchObject({ code: 'too_many_streams' });
      const there = await onOther.app.inject({ method: 'GET', url: `/build/v1/runs/${runId}/events`, headers: { authorization: `Bearer ${owner.idToken}` } });
      expect(there.statusCode).toBe(together() ? 429 : 200);
      expect(together() ? there.json().code : parseRunEvents(there.body).at(-1)?.type).toBe(together() ? 'too_many_streams' : 'run.finished');
    } finally {
      await t.app.services.limits.close(slot);
    }
  });

  it('keeps every cache and register of its own', async () => {
    const a = t.app.services;
    const b = other.services;
    for (const key of STATE) expect(a[key], key).not.toBe(b[key]);
    const release = a.candidateRules.hold('v1', null);
    expect(b.candidateRules.of('v1')).toBeUndefined();
    release();
    a.previewTrust.trust('p1', 'sprout_preview=x');
    expect(b.previewTrust.isTrusted('p1', 'sprout_preview=x')).toBe(false);
    a.previewCandidates.remember('v2', 'p2');
    expect(b.previewCandidates.isOf('v2', 'p2')).toBe(false);
    expect(await a.appCaches.tierOf('owner', async () => 'tier-1')).toBe('tier-1');
    expect(await b.appCaches.tierOf('owner', async () => 'free')).toBe('free');
  });
});

describe('the API’s modules', () => {
  it('keep no state of their own outside the services (the process entry aside)', () => {
    const src = path.dirname(fileURLToPath(import.meta.url));
    const sources = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (f) => /\.ts$/.test(f) && !/\.test\.ts$|\.testing\.ts$|^testing\/|test-helpers\.ts$/.test(f) && f !== 'main.ts',
    );
    expect(sources.length).toBeGreaterThan(100);
    // Mutable module state: a `let`, or a collection made empty to be filled later.
    const STATE_LINE = /^(export )?(let|var) |^(export )?const \w+(: [^=]+)? = new (Map|Set|WeakMap|WeakSet)(<.*>)?\(\)/;
    const found = sources.flatMap((f) =>
      readFileSync(path.join(src, f), 'utf8')
        .split('\n')
        .flatMap((line, i) => (STATE_LINE.test(line) ? [`${f}:${i + 1} ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
