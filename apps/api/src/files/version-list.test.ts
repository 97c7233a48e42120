import type { Sprout } from '@sprout/core/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Session, useTestApp, versionsOf } from '../testing';

const t = useTestApp();
let owner: Session;
beforeAll(async () => {
  owner = await t.register();
});

const put = (sproutId: string, path: string, content: string, baseVersionId: string) =>
  t.api('PUT', `/build/v1/sprouts/${sproutId}/files`, { token: owner.idToken, body: { path, content, baseVersionId } });

async function projectWithRules(): Promise<Sprout> {
  const rules = JSON.stringify({ collections: { notes: { fields: { text: 'string' } } } });
  const files = [
    { name: 'client/src/App.tsx', content: 'export default function App() { return null; }\n' },
    { name: 'sprout.data.json', content: rules },
  ];
  const res = await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: { displayName: 'Notes', files } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Sprout;
}

describe('the version list', () => {
  it('says which versions keep their test data and which changed the data’s shape', async () => {
    const sprout = await projectWithRules();
    const v1 = sprout.currentVersionId!;
    const v2 = (await put(sprout.id, 'client/src/App.tsx', 'export default () => null;\n', v1)).json().version.id;
    const tasks = JSON.stringify({ collections: { notes: { fields: { text: 'number' } }, tasks: {} } });
    const v3 = (await put(sprout.id, 'sprout.data.json', tasks, v2)).json().version.id;
    const list = await versionsOf(t, owner, sprout.id);
    const byId = new Map(list.versions.map((v) => [v.id, v]));
    expect(byId.get(v3)).toMatchObject({
      hasData: true,
      dataShapeChanged: true,
      dataShapeChange: 'Added collection tasks; in notes: text is now a number',
      dataShapeDiffersFromCurrent: false,
    });
    expect(byId.get(v2)).toMatchObject({ hasData: true, dataShapeChanged: false, dataShapeChange: null, dataShapeDiffersFromCurrent: true });
    expect(byId.get(v1)).toMatchObject({ hasData: true, dataShapeChanged: false, dataShapeDiffersFromCurrent: true });
  });
});
