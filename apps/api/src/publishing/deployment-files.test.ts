import { describe, expect, it } from 'vitest';
import { countFileDeletions, type DeploymentFileInput } from '@sprout/db';
import { readBack } from '../file-store/file-store.testing';
import { useTestApp } from '../testing';
import { type BuiltFile, storeDeployment } from './deployment-files';

// A build's files into a real app's file store (on disk), before and around the transaction that
// stores the deployment's rows (publish.test.ts publishes whole, on an S3 store).
const t = useTestApp();
const files = () => t.app.services.files;
const built: BuiltFile[] = [
  { path: 'index.html', contentType: 'text/html; charset=utf-8', body: new TextEncoder().encode('<p>hi</p>') },
  { path: 'assets/Main-X.js', contentType: 'text/javascript; charset=utf-8', body: new TextEncoder().encode('console.log(1)') },
];
const inStore = async (rows: DeploymentFileInput[]) => Promise.all(rows.map(async (r) => (await readBack(files().store, r.storageKey))?.toString() ?? null));

describe('storing a deployment', () => {
  it('writes every file under a key of the new deployment before its transaction runs, pending until that claims them', async () => {
    const before = await countFileDeletions(t.db.db);
    let seen: { deploymentId: string; rows: DeploymentFileInput[]; stored: (string | null)[]; pending: number } | null = null;
    await storeDeployment(files(), built, async (deploymentId, rows) => {
      seen = { deploymentId, rows, stored: await inStore(rows), pending: await countFileDeletions(t.db.db) };
      return { ok: true };
    });
    const { deploymentId, rows, stored, pending } = seen!;
    // Keys made from the deployment's id and the file's place, never from its path (which no key may hold).
    expect(rows).toEqual([
      { path: 'index.html', contentType: 'text/html; charset=utf-8', size: 9, storageKey: `deployments/${deploymentId}/0` },
      { path: 'assets/Main-X.js', contentType: 'text/javascript; charset=utf-8', size: 14, storageKey: `deployments/${deploymentId}/1` },
    ]);
    expect(stored).toEqual(['<p>hi</p>', 'console.log(1)']);
    expect(pending).toBe(before + 2);
    // Nothing claimed them here (no rows): the test removes them as a refused publish would.
    await files().discard(rows.map((r) => r.storageKey));
  });

  it('removes what it wrote when the transaction fails, and leaves nothing for the sweep', async () => {
    const before = await countFileDeletions(t.db.db);
    let written: DeploymentFileInput[] = [];
    const failed = storeDeployment(files(), built, async (_id, rows) => {
      written = rows;
      throw new Error('the database went away');
    });
    await expect(failed).rejects.toThrow('the database went away');
    expect(await inStore(written)).toEqual([null, null]);
    expect(await countFileDeletions(t.db.db)).toBe(before);
  });
});
