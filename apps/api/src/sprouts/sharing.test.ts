import { beforeAll, describe, expect, it } from 'vitest';
import { getVersionFiles } from '@sprout/db';
import { type Session, useTestApp } from '../testing';

const t = useTestApp();
let owner: Session;
let viewer: Session;
let projectId: string;
beforeAll(async () => {
  owner = await t.register();
  viewer = await t.register();
  projectId = (
    await t.api('POST', '/v1/sprouts', {
      token: owner.idToken,
      body: { displayName: 'Kanban', files: [{ name: 'client/src/App.tsx', content: 'export default () => <p>board</p>;\n' }] },
    })
  ).json().id;
});

describe('share links', () => {
  it('are off by default: the link answers 404 and remix is refused', async () => {
    expect((await t.api('GET', `/v1/magic/${projectId}`, { token: viewer.idToken })).json()).toEqual({
      code: 'not_found',
      message: 'This share link is not active.',
    });
    expect((await t.api('POST', `/v1/magic/${projectId}/remix`, { token: viewer.idToken })).statusCode).toBe(404);
  });

  it('only the owner can turn sharing on', async () => {
    const res = await t.api('PUT', `/v1/sprouts/${projectId}/share`, { token: viewer.idToken, body: { enabled: true } });
    expect(res.statusCode).toBe(404);
    const on = await t.api('PUT', `/v1/sprouts/${projectId}/share`, { token: owner.idToken, body: { enabled: true } });
    expect(on.json().shareEnabled).toBe(true);
  });

  it('shows the shared project and remixes its current version into the viewer’s account', async () => {
    const info = await t.api('GET', `/v1/magic/${projectId}`, { token: viewer.idToken });
    expect(info.json()).toMatchObject({ id: projectId, displayName: 'Kanban', ownerDisplayName: owner.user.displayName, isOwner: false });
    const remix = await t.api('POST', `/v1/magic/${projectId}/remix`, { token: viewer.idToken });
    expect(remix.statusCode).toBe(201);
    const copy = remix.json();
    expect(copy.id).not.toBe(projectId);
    expect(copy.displayName).toBe('Kanban (remix)');
    expect(await getVersionFiles(t.db.db, copy.currentVersionId)).toEqual([{ path: 'client/src/App.tsx', content: 'export default () => <p>board</p>;\n' }]);
    const mine = (await t.api('GET', '/v1/sprouts', { token: viewer.idToken })).json();
    expect(mine.map((p: { id: string }) => p.id)).toContain(copy.id);
    // The original is untouched and still the owner's only.
    expect((await t.api('GET', `/v1/sprouts/${projectId}`, { token: viewer.idToken })).statusCode).toBe(404);
  });

  it('respects the viewer’s project limit', async () => {
    const full = await t.register();
    for (let i = 0; i < 5; i++) await t.api('POST', '/v1/sprouts', { token: full.idToken, body: {} });
    const res = await t.api('POST', `/v1/magic/${projectId}/remix`, { token: full.idToken });
    expect(res.statusCode).toBe(402);
    expect(res.json().paywall).toEqual({ source: 'project_limit_reached', destination: 'upgradeProjects' });
  });

  it('stops working when the owner turns sharing off', async () => {
    await t.api('PUT', `/v1/sprouts/${projectId}/share`, { token: owner.idToken, body: { enabled: false } });
    expect((await t.api('GET', `/v1/magic/${projectId}`, { token: viewer.idToken })).statusCode).toBe(404);
    expect((await t.api('GET', `/v1/magic/${projectId}`, { token: owner.idToken })).json().isOwner).toBe(true);
  });
});
