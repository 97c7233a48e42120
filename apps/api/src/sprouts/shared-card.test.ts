import { beforeAll, describe, expect, it } from 'vitest';
import { type Session, useTestApp } from '../testing';

// The signed-out side of a share link: GET /v1/magic/:id/card and /picture tell anyone holding the
// link the shared project's name and picture, and nothing at all about a project that is not shared.

const t = useTestApp();
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 7, 8, 9]);
let owner: Session;
let pictured: { id: string; currentVersionId: string };
let plain: { id: string };

async function project(displayName: string) {
  return (
    await t.api('POST', '/v1/sprouts', {
      token: owner.idToken,
      body: { displayName, files: [{ name: 'client/src/App.tsx', content: 'export default () => <p>standup</p>;\n' }] },
    })
  ).json();
}

const share = (id: string, enabled: boolean) => t.api('PUT', `/v1/sprouts/${id}/share`, { token: owner.idToken, body: { enabled } });
const notActive = { code: 'not_found', message: 'This share link is not active.' };

beforeAll(async () => {
  owner = await t.register();
  pictured = await project('Team Standup Board');
  plain = await project('No Picture Yet');
  await t.app.services.screenshots.keep({ id: pictured.currentVersionId, sproutId: pictured.id, image: jpeg });
});

describe('a share link’s card, signed out', () => {
  it('answers 404 while sharing is off, for the card and the picture alike, as for an unknown id', async () => {
    for (const path of ['card', 'picture']) {
      const off = await t.api('GET', `/v1/magic/${pictured.id}/${path}`);
      const unknown = await t.api('GET', `/v1/magic/doesnotexist123/${path}`);
      expect([off.statusCode, off.json()]).toEqual([404, notActive]);
      // The same answer: nobody learns whether a project exists.
      expect([unknown.statusCode, unknown.json()]).toEqual([404, notActive]);
    }
    // Even its owner gets nothing here: the card is the link's, and the link is off.
    expect((await t.api('GET', `/v1/magic/${pictured.id}/card`, { token: owner.idToken })).statusCode).toBe(404);
  });

  it('shows a shared project’s name and picture to anyone, and nothing else about it', async () => {
    expect((await share(pictured.id, true)).statusCode).toBe(200);
    const card = await t.api('GET', `/v1/magic/${pictured.id}/card`);
    expect(card.statusCode).toBe(200);
    expect(card.json()).toEqual({ id: pictured.id, displayName: 'Team Standup Board', hasPicture: true });
    expect(card.body).not.toContain(owner.user.email);

    const picture = await t.api('GET', `/v1/magic/${pictured.id}/picture`);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(picture.headers['cache-control']).toBe('public, max-age=60');
    expect(picture.headers['content-security-policy']).toBe("default-src 'none'");
    expect(new Uint8Array(picture.rawPayload)).toEqual(jpeg);
  });

  it('says when a shared project has no picture yet, and its picture address answers 404', async () => {
    await share(plain.id, true);
    expect((await t.api('GET', `/v1/magic/${plain.id}/card`)).json()).toEqual({ id: plain.id, displayName: 'No Picture Yet', hasPicture: false });
    const picture = await t.api('GET', `/v1/magic/${plain.id}/picture`);
    expect([picture.statusCode, picture.json()]).toEqual([404, { code: 'not_found', message: 'This project has no picture yet.' }]);
  });

  it('stops showing either once the owner turns sharing off', async () => {
    await share(pictured.id, false);
    expect((await t.api('GET', `/v1/magic/${pictured.id}/card`)).statusCode).toBe(404);
    const picture = await t.api('GET', `/v1/magic/${pictured.id}/picture`);
    expect(picture.statusCode).toBe(404);
    expect(picture.headers['content-type']).toMatch(/^application\/json/);
  });

  it('refuses hostile ids with a clear 400 before looking anything up', async () => {
    const badId = { message: 'Invalid request (params): id: Invalid project id.', fields: [{ path: 'id', message: 'Invalid project id.' }] };
    const hostile: Record<string, object> = {
      '..%2F..%2Fetc%2Fpasswd': badId,
      ['a'.repeat(65)]: badId,
      ABC: badId,
      'x%20y': badId,
      ['9'.repeat(100)]: badId,
      // A NUL is refused before the route, wherever it is.
      '%00': { message: 'Invalid request: text must not contain NUL characters.' },
    };
    for (const [id, answer] of Object.entries(hostile)) {
      for (const path of ['card', 'picture']) {
        const res = await t.api('GET', `/v1/magic/${id}/${path}`);
        expect([res.statusCode, res.json()], `${id.slice(0, 40)}/${path}`).toEqual([400, { code: 'invalid_request', ...answer }]);
      }
    }
    // Past Fastify's longest path parameter (100 characters) the router itself refuses: URI too long.
    for (const path of ['card', 'picture']) expect((await t.api('GET', `/v1/magic/${'9'.repeat(5000)}/${path}`)).statusCode).toBe(414);
  });
});
