import { describe, expect, it } from 'vitest';
import { createVersion, getVersionFiles, publishReportsOf } from '@sprout/db';
import { type Session, useTestApp } from '../testing';

const t = useTestApp();

const KEY = `sk_live_${'Zx9'.repeat(8)}`;
const CONFIG = `// Payments\nexport const STRIPE_KEY = '${KEY}';\n`;
const OPEN_RULES = JSON.stringify({ collections: { posts: { read: 'anyone', create: 'signed-in', update: 'anyone' } } });

async function project(s: Session, files: Record<string, string>): Promise<string> {
  const id = (await t.api('POST', '/v1/sprouts', { token: s.idToken, body: { displayName: 'Gated' } })).json().id as string;
  const current = (await t.api('GET', `/v1/sprouts/${id}`, { token: s.idToken })).json().currentVersionId;
  const kept = (await getVersionFiles(t.db.db, current)).filter((f) => !(f.path in files));
  await t.db.db.transaction((tx) =>
    createVersion(tx, { sproutId: id, files: [...kept, ...Object.entries(files).map(([path, content]) => ({ path, content }))], source: 'test' }),
  );
  return id;
}
const check = (s: Session, id: string) => t.api('GET', `/build/v1/sprouts/${id}/publish-check`, { token: s.idToken });
const publish = (s: Session, id: string, body?: object) => t.api('POST', `/build/v1/sprouts/${id}/publish`, { token: s.idToken, ...(body ? { body } : {}) });

describe('the security check at publish', () => {
  it('passes the starter app, and publishes it as before', async () => {
    const owner = await t.register();
    const id = (await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: { displayName: 'Plain' } })).json().id;
    const res = await check(owner, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ findings: [], blocked: false });
    expect((await publish(owner, id)).statusCode).toBe(200);
  });

  it('blocks a key in the client and rules that let anyone change others’ posts, naming each, until each rule is accepted with a reason', async () => {
    const owner = await t.register();
    const id = await project(owner, { 'client/src/config.ts': CONFIG, 'sprout.data.json': OPEN_RULES });
    const checked = await check(owner, id);
    expect(checked.json()).toMatchObject({
      blocked: true,
      findings: [
        { severity: 'critical', rule: 'secret-in-client', file: 'client/src/config.ts', line: 2 },
        { severity: 'critical', rule: 'others-can-change', file: 'sprout.data.json' },
      ],
    });
    // The key itself is never sent back.
    expect(checked.body).not.toContain(KEY);

    const refused = await publish(owner, id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'publish_blocked',
      message: expect.stringMatching(/^The security check found 2 problems to fix before publishing: /),
    });
    expect(refused.json().findings).toHaveLength(2);
    expect(refused.body).not.toContain(KEY);
    expect((await t.api('GET', `/v1/sprouts/${id}`, { token: owner.idToken })).json().published).toBe(false);

    // One rule accepted is not enough; a reason too short is refused as input.
    const half = await publish(owner, id, { acknowledge: [{ rule: 'secret-in-client', reason: 'It is only a demo key' }] });
    expect(half.statusCode).toBe(422);
    expect(half.json().message).toMatch(/found a problem to fix before publishing: In "posts"/);
    expect((await publish(owner, id, { acknowledge: [{ rule: 'secret-in-client', reason: 'ok' }] })).statusCode).toBe(400);
    expect((await publish(owner, id, { acknowledge: [{ rule: 'no-such-rule', reason: 'for no reason at all' }] })).statusCode).toBe(400);

    const both = [
      { rule: 'secret-in-client', reason: 'It is only a demo key' },
      { rule: 'others-can-change', reason: 'A shared whiteboard: everyone edits everything' },
    ];
    const published = await publish(owner, id, { acknowledge: both });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().published).toBe(true);
    const current = published.json().currentVersionId;
    const [report] = await publishReportsOf(t.db.db, id, [current]);
    expect(report!.findings.map((f) => f.rule)).toEqual(['secret-in-client', 'others-can-change']);
    expect(report!.acknowledged).toEqual(both.map((a) => ({ ...a, at: expect.any(String) })));
    // History shows it beside the version.
    const history = (await t.api('GET', `/build/v1/sprouts/${id}/versions`, { token: owner.idToken })).json();
    expect(history.security).toEqual([
      { versionId: current, critical: 2, warnings: 0, acknowledged: both.map((a) => ({ ...a, at: expect.any(String) })), checkedAt: expect.any(String) },
    ]);
  });

  it('finds at publish a key that only the production build holds (the minifier joined it), which the dialog’s check of the files cannot see', async () => {
    const owner = await t.register();
    const app = "import { K } from './config';\nexport default function App() {\n  return <h1>{K.length}</h1>;\n}\n";
    const id = await project(owner, { 'client/src/config.ts': "export const K = 'sk_live_' + '4eC39HqLyjWDarjtT1zdp7dc';\n", 'client/src/App.tsx': app });
    expect((await check(owner, id)).json()).toMatchObject({ findings: [], blocked: false });
    const refused = await publish(owner, id);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().findings).toEqual([
      expect.objectContaining({ rule: 'secret-in-client', file: expect.stringMatching(/^assets\/.+\.js$/), line: null }),
    ]);
    expect(refused.body).not.toContain('4eC39HqLyjWDarjtT1zdp7dc');
  });

  it('only warns of what does not block, and answers only the owner', async () => {
    const owner = await t.register();
    const id = await project(owner, {
      'client/src/Note.tsx': 'export const Note = ({ html }: { html: string }) => <div dangerouslySetInnerHTML={{ __html: html }} />;\n',
    });
    expect((await check(owner, id)).json()).toMatchObject({
      blocked: false,
      findings: [{ severity: 'warning', rule: 'html-from-data', file: 'client/src/Note.tsx', line: 1 }],
    });
    expect((await publish(owner, id)).statusCode).toBe(200);
    const stranger = await t.register();
    expect((await check(stranger, id)).statusCode).toBe(404);
  });
});
