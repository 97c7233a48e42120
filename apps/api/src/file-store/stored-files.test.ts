import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countFileDeletions, newId, queuePendingFile, storedFileKey } from '@sprout/db';
import { appVisitor, newProject, previewCookie, useTestApp, type Session, type TestApp } from '../testing';
import { readBack, trickle } from './file-store.testing';

// The file store kept in step with the database, on a real app: what a write leaves, what the sweep
// removes (and keeps), and files stored in the database before the file store, moved out of it.
const t = useTestApp({ FLAG_DEFAULTS: 'enableImageUploads=true' });
const files = () => t.app.services.files;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(40_000)]);
const asPng = { inspect: () => 'image/png', maxBytes: 1_000_000, tooLarge: () => new Error('too large') };
const stored = async (key: string) => (await readBack(files().store, key)) !== null;

async function appWithFile(t: TestApp, owner: Session) {
  const sproutId = await newProject(t, owner);
  const { host, cookie } = await previewCookie(t, owner, sproutId);
  const up = await appVisitor(t, host, cookie).call('POST', 'files', PNG, { 'content-type': 'image/png' });
  expect(up.statusCode).toBe(201);
  const key = (await storedFileKey(t.db.db, 'app_files', up.json().id))!;
  return { sproutId, host, cookie, id: up.json().id as string, key };
}

describe('a write', () => {
  it('leaves its bytes pending until a row claims them, and nothing when it fails', async () => {
    const before = await countFileDeletions(t.db.db);
    const written = await files().write('app-files', trickle(PNG), asPng);
    expect(written).toMatchObject({ size: PNG.length, inspected: 'image/png' });
    expect(await stored(written.key)).toBe(true);
    expect(await countFileDeletions(t.db.db)).toBe(before + 1);
    await files().discard(written.key);
    expect(await stored(written.key)).toBe(false);
    expect(await countFileDeletions(t.db.db)).toBe(before);

    await expect(files().write('app-files', trickle(PNG), { ...asPng, maxBytes: 1000 })).rejects.toThrow('too large');
    const refuse = () => {
      throw new Error('refused');
    };
    await expect(files().write('app-files', trickle(PNG), { ...asPng, inspect: refuse })).rejects.toThrow('refused');
    expect(await countFileDeletions(t.db.db)).toBe(before);
  });
});

describe('the sweep', () => {
  it('removes bytes no row claimed once their grace passed (a crash between the write and the row)', async () => {
    const key = `app-files/zz/${newId(24)}`;
    await queuePendingFile(t.db.db, key, 0);
    await files().store.put(key, PNG);
    await files().sweep();
    expect(await stored(key)).toBe(false);
  });

  it('keeps the bytes of a row that still names them, and forgets their key', async () => {
    const owner = await t.register();
    const { key } = await appWithFile(t, owner);
    await t.db.db.execute(sql`insert into file_deletions (key) values (${key})`);
    await files().sweep();
    expect(await stored(key)).toBe(true);
    expect(await t.db.db.execute(sql`select key from file_deletions where key = ${key}`).then((r) => (r as unknown as { rows: unknown[] }).rows)).toEqual([]);
  });

  it('removes the bytes of reset test data, of a deleted project and of a deleted account', async () => {
    const owner = await t.register();
    const reset = await appWithFile(t, owner);
    expect((await t.api('POST', `/build/v1/sprouts/${reset.sproutId}/data/test/reset`, { token: owner.idToken })).statusCode).toBe(204);
    await files().sweep();
    expect(await stored(reset.key)).toBe(false);

    // Deleting a project or an account sweeps at once, in the background.
    const deleted = await appWithFile(t, owner);
    expect((await t.api('DELETE', `/v1/sprouts/${deleted.sproutId}`, { token: owner.idToken })).statusCode).toBe(204);
    await expect.poll(() => stored(deleted.key)).toBe(false);

    const kept = await appWithFile(t, owner);
    const image = await t.app.inject({
      method: 'POST',
      url: '/build/v1/uploads',
      headers: { authorization: `Bearer ${owner.idToken}`, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(image.statusCode, image.body).toBe(201);
    const imageKey = (await storedFileKey(t.db.db, 'uploads', image.json().id))!;
    expect((await t.api('DELETE', '/v1/me', { token: owner.idToken, body: { password: owner.password } })).statusCode).toBe(200);
    await expect.poll(async () => (await stored(kept.key)) || (await stored(imageKey))).toBe(false);
  });
});

describe('files stored in the database before the file store', () => {
  async function legacyRows() {
    const owner = await t.register();
    const sproutId = await newProject(t, owner);
    const { host, cookie } = await previewCookie(t, owner, sproutId);
    const fileId = newId();
    const uploadId = newId();
    await t.db.db.execute(sql`insert into app_files (id, sprout_id, dataset, name, mime_type, size, data, created_by)
      values (${fileId}, ${sproutId}, 'test', 'old.png', 'image/png', ${PNG.length}, ${PNG}, 'visitor:v')`);
    await t.db.db.execute(sql`insert into uploads (id, user_id, sprout_id, mime_type, size, sha256, data)
      values (${uploadId}, ${owner.user.id}, ${sproutId}, 'image/png', ${PNG.length}, 'x', ${PNG})`);
    return { owner, visitor: appVisitor(t, host, cookie), fileId, uploadId };
  }

  it('move to the store when read before the start-up move reached them', async () => {
    const { owner, visitor, fileId, uploadId } = await legacyRows();
    const file = await visitor.call('GET', `files/${fileId}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect(file.headers['content-length']).toBe(String(PNG.length));
    const image = await t.api('GET', `/build/v1/uploads/${uploadId}`, { token: owner.idToken });
    expect(image.rawPayload.equals(PNG)).toBe(true);
    for (const [table, id] of [
      ['app_files', fileId],
      ['uploads', uploadId],
    ] as const) {
      const key = await storedFileKey(t.db.db, table, id);
      expect(key).toMatch(table === 'app_files' ? /^app-files\// : /^uploads\//);
      expect(await stored(key!)).toBe(true);
    }
  });

  it('all move at start-up (moveAllLegacy), their bytes leaving the database', async () => {
    const { fileId, uploadId } = await legacyRows();
    expect(await files().moveAllLegacy()).toBeGreaterThanOrEqual(2);
    const left = await t.db.db.execute(sql`select count(*)::int as n from app_files where data is not null`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expect(await stored((await storedFileKey(t.db.db, 'app_files', fileId))!)).toBe(true);
    expect(await stored((await storedFileKey(t.db.db, 'uploads', uploadId))!)).toBe(true);
    expect(await files().moveAllLegacy()).toBe(0);
  });
});
