import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countFileDeletions, getScreenshot, putScreenshot } from '@sprout/db';
import { newProject, useTestApp, type Session } from '../testing';
import { readBack } from './file-store.testing';

// The render check's screenshots on a real app: bytes in the file store, the row naming them,
// served by the owner's screenshot route, removed with their project.
const t = useTestApp();
const shots = () => t.app.services.screenshots;
const jpeg = (n: number) => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, n, n, n]);
const stored = async (key: string) => (await readBack(t.app.services.files.store, key)) !== null;

async function projectWithVersion(owner: Session) {
  const sproutId = await newProject(t, owner);
  const versionId = (await t.api('GET', `/v1/sprouts/${sproutId}`, { token: owner.idToken })).json().currentVersionId as string;
  return { sproutId, versionId };
}
const picture = (owner: Session, sproutId: string, id: string) => t.api('GET', `/build/v1/sprouts/${sproutId}/screenshots/${id}`, { token: owner.idToken });

describe('screenshots', () => {
  it('keep their bytes in the file store and the key in their row, and come back whole', async () => {
    const owner = await t.register();
    const { sproutId, versionId } = await projectWithVersion(owner);
    const before = await countFileDeletions(t.db.db);
    await shots().keep({ id: versionId, sproutId, image: jpeg(1) });
    const row = (await getScreenshot(t.db.db, sproutId, versionId))!;
    expect(row.image).toBeNull();
    expect(row.storageKey).toMatch(/^screenshots\/[a-z0-9]{2}\/[a-z0-9]{24}$/);
    expect(await stored(row.storageKey!)).toBe(true);
    // The row claimed the key: nothing waits for the sweep.
    expect(await countFileDeletions(t.db.db)).toBe(before);
    expect(await shots().read(sproutId, versionId)).toEqual(Buffer.from(jpeg(1)));
    const served = await picture(owner, sproutId, versionId);
    expect(served.statusCode).toBe(200);
    expect(new Uint8Array(served.rawPayload)).toEqual(jpeg(1));
    expect(await shots().read('another-project', versionId)).toBeNull();
  });

  it('keep the first under an id, removing the bytes of a second at once', async () => {
    const owner = await t.register();
    const { sproutId, versionId } = await projectWithVersion(owner);
    await shots().keep({ id: versionId, sproutId, image: jpeg(2) });
    const before = await countFileDeletions(t.db.db);
    await shots().keep({ id: versionId, sproutId, image: jpeg(3) });
    expect(await shots().read(sproutId, versionId)).toEqual(Buffer.from(jpeg(2)));
    // The second's key was neither claimed nor left pending: its bytes went with it.
    expect(await countFileDeletions(t.db.db)).toBe(before);
  });

  it('taken before the store kept them are read from their rows', async () => {
    const owner = await t.register();
    const { sproutId, versionId } = await projectWithVersion(owner);
    expect(await putScreenshot(t.db.db, { id: versionId, sproutId, image: jpeg(4) })).toBe(true);
    const served = await picture(owner, sproutId, versionId);
    expect(served.statusCode).toBe(200);
    expect(new Uint8Array(served.rawPayload)).toEqual(jpeg(4));
  });

  it('go with their project, bytes and all', async () => {
    const owner = await t.register();
    const { sproutId, versionId } = await projectWithVersion(owner);
    await shots().keep({ id: versionId, sproutId, image: jpeg(5) });
    const key = (await getScreenshot(t.db.db, sproutId, versionId))!.storageKey!;
    expect((await t.api('DELETE', `/v1/sprouts/${sproutId}`, { token: owner.idToken })).statusCode).toBe(204);
    const rows = await t.db.db.execute(sql`select count(*)::int as n from screenshots where sprout_id = ${sproutId}`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    // Deleting a project sweeps at once, in the background.
    await expect.poll(() => stored(key)).toBe(false);
  });
});
