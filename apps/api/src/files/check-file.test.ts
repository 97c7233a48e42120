import { beforeAll, describe, expect, it } from 'vitest';
import { fileOf, newProject, type Session, useTestApp, versionsOf } from '../testing';
import { FILE_CHECKS_PER_MINUTE } from './check-file';

const t = useTestApp();
let owner: Session, other: Session;
beforeAll(async () => {
  [owner, other] = await Promise.all([t.register(), t.register()]);
});

const check = (s: Session, sproutId: string, body: unknown) => t.api('POST', `/build/v1/sprouts/${sproutId}/files/check`, { token: s.idToken, body });

describe('checking an edit before it is saved', () => {
  it('says a syntax error does not build, where it is, and stores nothing', async () => {
    const sproutId = await newProject(t, owner);
    const { currentVersionId, versions } = await versionsOf(t, owner, sproutId);
    const before = (await fileOf(t, owner, sproutId, 'client/src/App.tsx'))!;
    const broken = before.replace('return (', 'return ((');
    expect(broken).not.toBe(before);
    const res = await check(owner, sproutId, { path: 'client/src/App.tsx', content: broken, baseVersionId: currentVersionId });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.builds).toBe(false);
    expect(body.errors.length).toBeGreaterThan(0);
    expect(body.errors[0]).toMatchObject({ file: 'client/src/App.tsx', line: expect.any(Number) });
    const after = await versionsOf(t, owner, sproutId);
    expect(after.currentVersionId).toBe(currentVersionId);
    expect(after.versions).toHaveLength(versions.length);
  });

  it('passes a good edit, reports an unknown import as an error and a type error as a warning', async () => {
    const sproutId = await newProject(t, owner);
    const base = (await versionsOf(t, owner, sproutId)).currentVersionId;
    const good = await check(owner, sproutId, { path: 'client/src/extra.ts', content: 'export const answer: number = 42;\n', baseVersionId: base });
    expect(good.json()).toEqual({ builds: true, errors: [], warnings: [] });

    const unknown = await check(owner, sproutId, {
      path: 'client/src/extra.ts',
      content: "import leftPad from 'left-pad';\nexport const x = leftPad('a', 3);\n",
      baseVersionId: base,
    });
    expect(
      unknown
        .json()
        .errors.map((e: { message: string }) => e.message)
        .join('\n'),
    ).toMatch(/left-pad/);

    const typed = await check(owner, sproutId, { path: 'client/src/extra.ts', content: 'export const answer: number = "forty-two";\n', baseVersionId: base });
    const body = typed.json();
    expect(body.builds).toBe(true);
    expect(body.errors).toEqual([]);
    expect(body.warnings[0]).toMatchObject({ source: 'types', file: 'client/src/extra.ts', line: 1 });
  });

  it('refuses what a save refuses and what is not the caller’s, and slows a flood down', async () => {
    const sproutId = await newProject(t, owner);
    const base = (await versionsOf(t, owner, sproutId)).currentVersionId;
    const traversal = await check(owner, sproutId, { path: '../../etc/passwd', content: 'x', baseVersionId: base });
    expect(traversal.statusCode).toBe(400);
    expect(traversal.json().code).toBe('invalid_path');
    expect((await check(owner, sproutId, { path: 'client/src/App.tsx', content: 'x', baseVersionId: 'nosuchversion' })).statusCode).toBe(404);
    expect((await check(owner, sproutId, { path: 'client/src/App.tsx', content: 42, baseVersionId: base })).statusCode).toBe(400);
    expect((await check(other, sproutId, { path: 'client/src/App.tsx', content: 'x', baseVersionId: base })).statusCode).toBe(404);

    const flooder = await t.register();
    const own = await newProject(t, flooder);
    const ownBase = (await versionsOf(t, flooder, own)).currentVersionId;
    // Every call counts, before any work (these name no version, so they cost nothing to answer).
    const cheap = { path: 'client/src/App.tsx', content: 'x', baseVersionId: 'nosuchversion' };
    for (let i = 0; i < FILE_CHECKS_PER_MINUTE; i++) expect((await check(flooder, own, cheap)).statusCode).toBe(404);
    const refused = await check(flooder, own, { path: 'client/src/App.tsx', content: 'x', baseVersionId: ownBase });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many checks in a minute. Wait a moment, then type again.');
  });
});
