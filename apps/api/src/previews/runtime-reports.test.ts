import { beforeAll, describe, expect, it } from 'vitest';
import { runtimeErrorFingerprint, seenRuntimeErrorFingerprints } from '@sprout/db';
import { bridgeReportsError, newProject, openPreviewPage, type OpenedPreview, type Session, useTestApp } from '../testing';
import { RUNTIME_ERRORS_PATH, RUNTIME_REPORT_BYTES, RUNTIME_REPORTS_PER_MINUTE } from './runtime-reports';

const t = useTestApp();
let owner: Session;
let sproutId: string;
let page: OpenedPreview;

beforeAll(async () => {
  owner = await t.register();
  sproutId = await newProject(t, owner);
  page = await openPreviewPage(t, owner, sproutId);
});

const versionOf = async (id: string) => (await t.api('GET', `/v1/sprouts/${id}`, { token: owner.idToken })).json().currentVersionId as string;
const seen = async (versionId: string, message: string) =>
  (await seenRuntimeErrorFingerprints(t.db.db, versionId, [runtimeErrorFingerprint(message)])).size === 1;

/** A report as the bridge sends it, with parts replaced. */
function post(overrides: { host?: string; headers?: Record<string, string | undefined>; body?: string; url?: string } = {}) {
  const host = overrides.host ?? page.host;
  const headers = { host, cookie: page.cookie, origin: `http://${host}`, 'content-type': 'application/json', ...overrides.headers };
  return t.app.inject({
    method: 'POST',
    url: overrides.url ?? RUNTIME_ERRORS_PATH,
    headers: Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string>,
    payload: overrides.body ?? JSON.stringify({ load: page.load, message: 'Uncaught Error: from the bridge' }),
  });
}

describe('the preview host’s runtime-error reports', () => {
  it('records an error the page showed for the version its tag names', async () => {
    expect(await bridgeReportsError(t, page, 'Uncaught TypeError: x is not a function')).toBe(204);
    const versionId = await versionOf(sproutId);
    expect(await seen(versionId, 'Uncaught TypeError: x is not a function')).toBe(true);
    expect(await seen(versionId, 'Uncaught TypeError: something else')).toBe(false);
  });

  it('takes reports only from the preview’s own page: its origin, JSON, the owner’s preview cookie', async () => {
    const refused = async (res: Promise<{ statusCode: number }>, status: number) => expect((await res).statusCode).toBe(status);
    await refused(post({ headers: { origin: 'http://evil.example' } }), 403);
    await refused(post({ headers: { origin: undefined } }), 403);
    // A form another site submits is text/plain or urlencoded: never read.
    await refused(post({ headers: { 'content-type': 'text/plain' } }), 415);
    await refused(post({ headers: { cookie: undefined } }), 401);
    // Another project's preview cookie does not open this one.
    const other = await t.register();
    const theirs = await openPreviewPage(t, other, await newProject(t, other));
    await refused(post({ headers: { cookie: theirs.cookie } }), 401);
    // Their page's tag, sent with this owner's cookie: not a page of this preview.
    await refused(post({ body: JSON.stringify({ load: theirs.load, message: 'x' }) }), 403);
    await refused(post({ body: JSON.stringify({ load: 'made-up', message: 'x' }) }), 403);
    await refused(post({ body: '{"load":' }), 400);
    await refused(post({ body: JSON.stringify({ load: page.load, message: 'x', extra: 1 }) }), 400);
    await refused(post({ body: JSON.stringify({ load: page.load, message: 'x'.repeat(RUNTIME_REPORT_BYTES) }) }), 413);
    // Nothing of it was recorded.
    expect(await seen(await versionOf(sproutId), 'x')).toBe(false);
  });

  it('takes no other write: other paths on the preview host answer 405', async () => {
    const res = await post({ url: '/' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect((await post({ url: '/_sprout/session' })).statusCode).toBe(405);
  });

  it('is bounded per person and project', async () => {
    const person = await t.register();
    const busy = await openPreviewPage(t, person, await newProject(t, person));
    const statuses: number[] = [];
    for (let i = 0; i <= RUNTIME_REPORTS_PER_MINUTE; i++) statuses.push(await bridgeReportsError(t, busy, `Uncaught Error: ${i}`));
    expect(statuses.slice(0, RUNTIME_REPORTS_PER_MINUTE).every((s) => s === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
