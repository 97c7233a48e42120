import { and, asc, eq, like } from 'drizzle-orm';
import type { Db } from '../create-db';
import { newId } from '../ids';
import { createUser } from '../queries/users';
import { createSproutForUser } from '../operations/create-sprout';
import { createManualVersion } from '../operations/commit-version';
import { insertAppDocument } from '../app-data/documents';
import { insertAppFile } from '../app-data/files';
import { createAppUser } from '../app-data/users';
import { appDocuments, appFiles, appUsers } from '../app-data/tables';
import { queuePendingFile } from '../queries/stored-files';
import { dataSnapshots, versionData } from './tables';

// Projects with test data for the tests of versions' data (snapshots.test.ts, ../operations/restore-version.test.ts).

type Dataset = 'test' | 'live';

export async function projectWithOwner(db: Db): Promise<{ ownerId: string; sproutId: string; firstVersionId: string }> {
  const owner = await createUser(db, { email: `o-${newId(8)}@example.com`, passwordHash: 'x', displayName: 'o' });
  const made = await createSproutForUser(db, { ownerId: owner.id, displayName: 'S', files: [{ path: 'client/src/App.tsx', content: 'x' }] });
  if (!made.ok) throw new Error('project limit');
  return { ownerId: owner.id, sproutId: made.sprout.id, firstVersionId: made.sprout.currentVersionId! };
}

export async function addDoc(db: Db, sproutId: string, dataset: Dataset, collection: string, data: Record<string, unknown>) {
  const quota = { documents: 1_000, storageBytes: 10_000_000 };
  const r = await insertAppDocument(db, { sproutId, dataset }, { collection, data, createdBy: 'visitor:v1', unique: [], quota });
  if (!r.ok) throw new Error(r.reason);
  return r.doc;
}

export async function addFile(db: Db, sproutId: string, dataset: Dataset = 'test'): Promise<{ id: string; key: string }> {
  const key = `app-files/${newId(2)}/${newId()}`;
  await queuePendingFile(db, key, 3600);
  const r = await insertAppFile(
    db,
    { sproutId, dataset },
    { name: 'a.png', mimeType: 'image/png', storageKey: key, size: 10, createdBy: 'visitor:v1', storageBytes: 1_000_000 },
  );
  if (!r.ok) throw new Error('quota');
  return { id: r.file.id, key };
}

export async function addAppUser(db: Db, sproutId: string, dataset: Dataset, email: string) {
  const r = await createAppUser(db, { sproutId, dataset }, { email, passwordHash: 'hash', maxUsers: 100 });
  if (!r.ok) throw new Error(r.reason);
  return r.user;
}

/** A manual edit: a new version, as a person's save makes one. */
export async function nextVersion(db: Db, sproutId: string, content = newId()) {
  const r = await createManualVersion(db, { sproutId, files: [{ path: 'client/src/App.tsx', content }], source: 'manual', summary: 'Edited' });
  if (!r.ok) throw new Error(r.reason);
  return r.version;
}

/** A dataset's rows by id, as the app sees them. */
export async function rowsOf(db: Db, sproutId: string, dataset: string) {
  const [documents, files, users] = await Promise.all([
    db
      .select({ id: appDocuments.id, collection: appDocuments.collection, data: appDocuments.data })
      .from(appDocuments)
      .where(and(eq(appDocuments.sproutId, sproutId), eq(appDocuments.dataset, dataset as Dataset)))
      .orderBy(asc(appDocuments.id)),
    db
      .select({ id: appFiles.id, key: appFiles.storageKey })
      .from(appFiles)
      .where(and(eq(appFiles.sproutId, sproutId), eq(appFiles.dataset, dataset as Dataset)))
      .orderBy(asc(appFiles.id)),
    db
      .select({ id: appUsers.id, email: appUsers.email })
      .from(appUsers)
      .where(and(eq(appUsers.sproutId, sproutId), eq(appUsers.dataset, dataset as Dataset)))
      .orderBy(asc(appUsers.id)),
  ]);
  return { documents, files, users };
}

/** The snapshot each of the project's versions names (versions without data left out). */
export async function snapshotsByVersion(db: Db, sproutId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ versionId: versionData.versionId, snapshotId: versionData.snapshotId })
    .from(versionData)
    .innerJoin(dataSnapshots, eq(dataSnapshots.id, versionData.snapshotId))
    .where(eq(dataSnapshots.sproutId, sproutId));
  return new Map(rows.map((r) => [r.versionId, r.snapshotId]));
}

/** Every snapshot dataset holding a row of the project's app data. */
export async function snapshotDatasetsWithRows(db: Db, sproutId: string): Promise<string[]> {
  const found = new Set<string>();
  for (const table of [appDocuments, appFiles, appUsers]) {
    const rows = await db
      .selectDistinct({ dataset: table.dataset })
      .from(table)
      .where(and(eq(table.sproutId, sproutId), like(table.dataset, 'snapshot:%')));
    for (const r of rows) found.add(r.dataset);
  }
  return [...found].sort();
}
