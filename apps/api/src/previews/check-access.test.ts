import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@sprout/db';
import { starterFiles } from '@sprout/template';
import { type Session, useTestApp } from '../testing';
import { CHECK_BUILD_GONE, CHECK_COOKIE } from './check-cookie';
import { PREVIEW_CHECK_TTL_SECONDS } from './preview-tokens';

// The render check's way onto a preview origin (hosting/preview-check.ts): a `check` token opens one
// candidate version of one project for its owner, and nothing else.
const t = useTestApp();
let owner: Session;
let other: Session;
let sproutId: string;
let secondSproutId: string;
let otherSproutId: string;
let currentVersionId: string;
let candidateA: string;
let candidateB: string;

const hostOf = (id: string) => `${id}.preview.localhost:3001`;
const get = (host: string, url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: { host, ...(cookie ? { cookie } : {}) } });
const sign = (userId: string, id: string, versionId: string, now = Date.now()) => t.app.services.previewTokens.sign('check', userId, id, now, versionId);
const checkCookie = async (userId: string, id: string, versionId: string, now?: number) => `${CHECK_COOKIE}=${(await sign(userId, id, versionId, now)).token}`;

/** A candidate as a run builds it: files never stored, the build cached under a new version id. */
async function buildCandidate(id: string, marker: string): Promise<string> {
  const versionId = newId();
  const files = starterFiles().map(({ name, content }) => ({
    path: name,
    content: name === 'client/src/App.tsx' ? `export default function App() {\n  return <h1>${marker}</h1>;\n}\n` : content,
  }));
  const built = await t.app.services.buildPreview(id, versionId, files);
  expect(built.ok).toBe(true);
  return versionId;
}

/** The app's module (client/src/App.tsx) a page loads, by its URL under /_sprout/build/. */
const scriptOf = (html: string) => /"(\/_sprout\/build\/[a-z0-9]+\/App\.tsx\.[a-f0-9]+\.js)"/.exec(html)![1]!;

beforeAll(async () => {
  owner = await t.register();
  other = await t.register();
  const created = (await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: {} })).json();
  sproutId = created.id;
  currentVersionId = created.currentVersionId;
  secondSproutId = (await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: {} })).json().id;
  otherSproutId = (await t.api('POST', '/v1/sprouts', { token: other.idToken, body: {} })).json().id;
  candidateA = await buildCandidate(sproutId, 'Candidate A');
  candidateB = await buildCandidate(sproutId, 'Candidate B');
});

describe('a check token', () => {
  it('opens its candidate version (not in the database) from the build cache: page, built files, vendor files', async () => {
    const cookie = await checkCookie(owner.user.id, sproutId, candidateA);
    const page = await get(hostOf(sproutId), '/', cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`/_sprout/build/${candidateA}/`);
    // A check's page load can never ask for a runtime repair.
    expect(page.body).not.toContain('<meta name="sprout-load"');
    const script = await get(hostOf(sproutId), scriptOf(page.body), cookie);
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('Candidate A');
    const vendor = /"react":"(\/_sprout\/vendor\/[^"]+)"/.exec(page.body)![1]!;
    expect((await get(hostOf(sproutId), vendor, cookie)).statusCode).toBe(200);
  });

  it('cannot load another version: another candidate, the current one or a stored one', async () => {
    const cookie = await checkCookie(owner.user.id, sproutId, candidateA);
    const pageB = await get(hostOf(sproutId), '/', await checkCookie(owner.user.id, sproutId, candidateB));
    expect((await get(hostOf(sproutId), `/?version=${candidateB}`, cookie)).statusCode).toBe(404);
    expect((await get(hostOf(sproutId), scriptOf(pageB.body), cookie)).statusCode).toBe(404);
    expect((await get(hostOf(sproutId), `/?version=${currentVersionId}`, cookie)).statusCode).toBe(404);
    await t.app.services.buildPreview(sproutId, currentVersionId);
    const current = (await t.app.services.buildPreview(sproutId, currentVersionId)) as { ok: true; assets: Map<string, unknown> };
    const currentScript = [...current.assets.keys()].find((name) => name.startsWith('App.tsx.') && name.endsWith('.js'))!;
    expect((await get(hostOf(sproutId), `/_sprout/build/${currentVersionId}/${currentScript}`, cookie)).statusCode).toBe(404);
  });

  it('is not a preview session, and a preview session is not a check', async () => {
    const check = (await sign(owner.user.id, sproutId, candidateA)).token;
    expect((await get(hostOf(sproutId), '/', `sprout_preview=${check}`)).statusCode).toBe(401);
    expect((await get(hostOf(sproutId), '/', `sprout_preview_lax=${check}`)).statusCode).toBe(401);
    const session = (await t.app.services.previewTokens.sign('session', owner.user.id, sproutId)).token;
    expect((await get(hostOf(sproutId), '/', `${CHECK_COOKIE}=${session}`)).statusCode).toBe(401);
    const load = (await t.app.services.previewTokens.sign('load', owner.user.id, sproutId, Date.now(), candidateA)).token;
    expect((await get(hostOf(sproutId), '/', `${CHECK_COOKIE}=${load}`)).statusCode).toBe(401);
  });

  it('works on its own project only, even another project of the same owner', async () => {
    const cookie = await checkCookie(owner.user.id, sproutId, candidateA);
    expect((await get(hostOf(secondSproutId), '/', cookie)).statusCode).toBe(401);
    expect((await get(hostOf(otherSproutId), '/', cookie)).statusCode).toBe(401);
  });

  it('is refused once expired, forged, or minted for someone who does not own the project', async () => {
    const expired = await checkCookie(owner.user.id, sproutId, candidateA, Date.now() - (PREVIEW_CHECK_TTL_SECONDS + 5) * 1000);
    expect((await get(hostOf(sproutId), '/', expired)).statusCode).toBe(401);
    const forged = (await checkCookie(owner.user.id, sproutId, candidateA)).replace(/.{4}$/, 'AAAA');
    expect((await get(hostOf(sproutId), '/', forged)).statusCode).toBe(401);
    expect((await get(hostOf(sproutId), '/', await checkCookie(other.user.id, sproutId, candidateA))).statusCode).toBe(404);
  });

  it('ends when the owner signs out', async () => {
    const person = await t.register();
    const id = (await t.api('POST', '/v1/sprouts', { token: person.idToken, body: {} })).json().id as string;
    const candidate = await buildCandidate(id, 'Signed out');
    const cookie = await checkCookie(person.user.id, id, candidate);
    expect((await get(hostOf(id), '/', cookie)).statusCode).toBe(200);
    expect((await t.api('POST', '/v1/auth/logout', { body: { refreshToken: person.refreshToken } })).statusCode).toBe(204);
    expect((await get(hostOf(id), '/', cookie)).statusCode).toBe(401);
  });

  it('answers 503 when the candidate is not in the build cache (the check is then skipped)', async () => {
    const page = await get(hostOf(sproutId), '/', await checkCookie(owner.user.id, sproutId, newId()));
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain(CHECK_BUILD_GONE);
  });

  it('is never a bearer token for the API', async () => {
    const check = (await sign(owner.user.id, sproutId, candidateA)).token;
    expect((await t.api('GET', '/v1/sprouts', { token: check })).statusCode).toBe(401);
  });
});

describe("a check token on the app's backend", () => {
  const backend = (id: string, cookie: string) =>
    t.app.inject({ method: 'GET', url: '/_sprout/v1/collections/notes', headers: { host: hostOf(id), origin: `http://${hostOf(id)}`, cookie } });

  it("acts as the owner's preview session (test data) on its own project only", async () => {
    const cookie = await checkCookie(owner.user.id, sproutId, candidateA);
    expect((await backend(sproutId, cookie)).statusCode).toBe(200);
    expect((await backend(secondSproutId, cookie)).statusCode).toBe(401);
    expect((await backend(otherSproutId, cookie)).statusCode).toBe(401);
  });

  it('is refused expired, or minted for someone who does not own the project', async () => {
    const expired = await checkCookie(owner.user.id, sproutId, candidateA, Date.now() - (PREVIEW_CHECK_TTL_SECONDS + 5) * 1000);
    expect((await backend(sproutId, expired)).statusCode).toBe(401);
    expect((await backend(sproutId, await checkCookie(other.user.id, sproutId, candidateA))).statusCode).toBe(404);
  });
});
