import { beforeAll, describe, expect, it } from 'vitest';
import { getRun, listAudit, setFlagOverride, upsertSubscription } from '@sprout/db';
import { type Session, useTestApp } from '../testing';

const t = useTestApp({
  FLAG_DEFAULTS: 'showMachineLogs=true',
  SPROUT_MODELS: 'Second Model=openai-compatible:http://127.0.0.1:9/v1#second',
});
let staff: Session;
let premium: Session;
let optedOut: Session;
let free: Session;

beforeAll(async () => {
  staff = await t.register();
  premium = await t.register();
  optedOut = await t.register();
  free = await t.register();
  await upsertSubscription(t.db.db, staff.user.id, { type: 'internal', tierType: 'sprout-tier-internal-staff' });
  for (const p of [premium, optedOut]) await upsertSubscription(t.db.db, p.user.id, { type: 'subscribed on web', tierType: 'tier-2' });
});

const as = (who: Session) => ({ token: who.idToken });
const flagsOf = async (who: Session) => (await t.api('GET', '/v1/flags', as(who))).json();

/** A project whose only version has a file, so its diff against nothing lists it. */
async function project(owner: Session, content = 'export const a = 1;\n') {
  const res = await t.api('POST', '/v1/sprouts', { ...as(owner), body: { files: [{ name: 'client/src/a.ts', content }] } });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  const versions = (await t.api('GET', `/build/v1/sprouts/${id}/versions`, as(owner))).json();
  return { id, versionId: versions.currentVersionId as string };
}

describe('feature flags by layer', () => {
  it('starts from FLAG_DEFAULTS, then what staff set for everyone, a plan and one person, and the server enforces it', async () => {
    expect(await flagsOf(free)).toMatchObject({ showMachineLogs: true, enableDiffView: false });

    const put = (url: string, value: unknown) => t.api('PUT', url, { ...as(staff), body: { value } });
    expect((await put('/v1/admin/flags/global/showMachineLogs', false)).statusCode).toBe(200);
    const planned = await put('/v1/admin/flags/plans/tier-2/enableDiffView', true);
    expect(planned.statusCode, planned.body).toBe(200);
    expect(planned.json()).toMatchObject({ env: { showMachineLogs: true }, global: { showMachineLogs: false }, plans: { 'tier-2': { enableDiffView: true } } });
    expect((await put(`/v1/admin/users/${optedOut.user.id}/flags/enableDiffView`, false)).json()).toMatchObject({
      flags: { enableDiffView: false },
      sources: { enableDiffView: 'user', showMachineLogs: 'global', exampleFlag: 'default' },
      own: { enableDiffView: false },
    });

    expect(await flagsOf(premium)).toMatchObject({ showMachineLogs: false, enableDiffView: true });
    expect(await flagsOf(optedOut)).toMatchObject({ enableDiffView: false });
    expect(await flagsOf(free)).toMatchObject({ showMachineLogs: false, enableDiffView: false });

    const diff = async (who: Session) => {
      const p = await project(who);
      return t.api('GET', `/build/v1/sprouts/${p.id}/versions/${p.versionId}/diff`, as(who));
    };
    const seen = await diff(premium);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().files.map((f: { path: string }) => f.path)).toContain('client/src/a.ts');
    for (const who of [free, optedOut]) {
      const refused = await diff(who);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'feature_disabled', message: 'Comparing versions is not enabled for your account.' });
    }
    // Staff pass every gate: their toolbar switches features on in the browser, which the server cannot see.
    expect((await diff(staff)).statusCode).toBe(200);

    // Cleared, the plan's value goes and the layer below decides again.
    expect((await t.api('DELETE', '/v1/admin/flags/plans/tier-2/enableDiffView', as(staff))).json().plans).toEqual({});
    expect(await flagsOf(premium)).toMatchObject({ enableDiffView: false });
  });

  it('sends build warnings (machine-log lines) only to people with showMachineLogs', async () => {
    await t.api('PUT', '/v1/admin/flags/global/showMachineLogs', { ...as(staff), body: { value: false } });
    // The starter app with a duplicate key in App.tsx: an esbuild warning, not an error.
    const created = (await t.api('POST', '/v1/sprouts', { ...as(free), body: {} })).json();
    const files = (await t.api('GET', `/build/v1/sprouts/${created.id}/files`, as(free))).json();
    const app = files.files.find((f: { path: string }) => f.path === 'client/src/App.tsx');
    const saved = await t.api('PUT', `/build/v1/sprouts/${created.id}/files`, {
      ...as(free),
      body: { path: 'client/src/App.tsx', content: `const dup = { a: 1, a: 2 };\nconsole.log(dup);\n${app.content}`, baseVersionId: files.version.id },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const build = async () => (await t.api('GET', `/build/v1/sprouts/${created.id}/build`, as(free))).json();
    const hidden = await build();
    expect(hidden.ok, JSON.stringify(hidden.errors)).toBe(true);
    expect(hidden.warnings).toEqual([]);
    await t.api('PUT', `/v1/admin/users/${free.user.id}/flags/showMachineLogs`, { ...as(staff), body: { value: true } });
    const shown = await build();
    expect(shown.warnings.map((w: { message: string }) => w.message).join('\n')).toMatch(/Duplicate key "a"/);
  });

  it('checks each value, refuses a model that is not on offer (or any address), and stores a model by its label', async () => {
    const put = (url: string, value: unknown) => t.api('PUT', url, { ...as(staff), body: { value } });
    for (const [url, value, code] of [
      ['/v1/admin/flags/global/enableDiffView', 'yes', 'invalid_flag_value'],
      ['/v1/admin/flags/global/enableDiffView', null, 'invalid_flag_value'],
      ['/v1/admin/flags/global/aiModelOverride', 'openai-compatible:http://203.0.113.9/v1#x', 'invalid_model'],
      ['/v1/admin/flags/global/aiModelOverride', 'gpt-9', 'invalid_model'],
      ['/v1/admin/flags/global/aiModelOverride', true, 'invalid_flag_value'],
      ['/v1/admin/flags/global/toString', true, 'invalid_request'],
      ['/v1/admin/flags/plans/tier-9/enableDiffView', true, 'invalid_request'],
    ] as const) {
      const res = await put(url, value);
      expect(res.statusCode, `${url} ${String(value)}`).toBe(400);
      expect(res.json().code, url).toBe(code);
    }
    expect((await put('/v1/admin/users/nobody/flags/enableDiffView', true)).statusCode).toBe(404);
    const bySpec = await put('/v1/admin/flags/plans/tier-2/aiModelOverride', 'openai-compatible:http://127.0.0.1:9/v1#second');
    expect(bySpec.json().plans['tier-2']).toEqual({ aiModelOverride: 'Second Model' });
    expect(bySpec.json().models).toEqual([
      { label: 'offline', isDefault: true },
      { label: 'Second Model', isDefault: false },
    ]);
    expect(await flagsOf(premium)).toMatchObject({ aiModelOverride: 'Second Model' });
    // A person's null ("the default model") beats the plan's model.
    await put(`/v1/admin/users/${optedOut.user.id}/flags/aiModelOverride`, null);
    expect(await flagsOf(optedOut)).toMatchObject({ aiModelOverride: null });
  });

  it('answers a message with the model chosen for the person’s plan, and skips a model no longer offered', async () => {
    const p = await project(premium);
    const sent = await t.api('POST', `/build/v1/sprouts/${p.id}/messages`, { ...as(premium), body: { text: 'Make it blue' } });
    expect(sent.statusCode, sent.body).toBe(202);
    expect((await getRun(t.db.db, sent.json().runId))?.model).toBe('Second Model');

    // Stored before the operator removed it from SPROUT_MODELS: ignored, so the plan's model applies.
    await setFlagOverride(t.db.db, premium.user.id, 'aiModelOverride', 'Gone Model');
    expect(await flagsOf(premium)).toMatchObject({ aiModelOverride: 'Second Model' });
    const detail = (await t.api('GET', `/v1/admin/users/${premium.user.id}`, as(staff))).json();
    expect(detail.flags).toMatchObject({ own: { aiModelOverride: 'Gone Model' }, sources: { aiModelOverride: 'plan' } });
  });

  it('is staff only, and every change is on the record with who made it', async () => {
    for (const [method, url] of [
      ['GET', '/v1/admin/flags'],
      ['PUT', '/v1/admin/flags/global/enableDiffView'],
      ['DELETE', '/v1/admin/flags/plans/free/enableDiffView'],
      ['PUT', `/v1/admin/users/${free.user.id}/flags/enableDiffView`],
    ] as const) {
      const res = await t.api(method, url, { ...as(free), ...(method === 'PUT' ? { body: { value: true } } : {}) });
      expect(res.statusCode, url).toBe(403);
    }
    const audit = (await listAudit(t.db.db, 1000)).filter((e) => e.action.startsWith('flag.'));
    expect(audit.every((e) => e.actorId === staff.user.id)).toBe(true);
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'flag.set',
        targetUserId: optedOut.user.id,
        details: expect.objectContaining({ scope: 'user', key: 'enableDiffView', to: { set: true, value: false } }),
      }),
    );
    expect(audit).toContainEqual(expect.objectContaining({ action: 'flag.clear', details: expect.objectContaining({ scope: 'plan', target: 'tier-2' }) }));
  });
});
