import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../create-db';
import { newId, sha256Hex } from '../ids';
import { blobs, sprouts, versionFiles, versions } from '../schema';
import { announceVersion } from '../version-notices';
import { lockDataset } from '../app-data/scope';
import { keepVersionData, pruneVersionData } from '../data-snapshots/snapshots';

export type VersionRow = typeof versions.$inferSelect;
export interface ProjectFile {
  path: string;
  content: string;
}

/** Stores each distinct content once, keyed by its sha256; returns the hash per path. */
export async function putBlobs(tx: Executor, files: ProjectFile[]): Promise<Map<string, string>> {
  const byPath = new Map<string, string>();
  const unique = new Map<string, { hash: string; content: string; size: number }>();
  for (const file of files) {
    const hash = sha256Hex(file.content);
    byPath.set(file.path, hash);
    unique.set(hash, { hash, content: file.content, size: Buffer.byteLength(file.content) });
  }
  const rows = [...unique.values()];
  for (let i = 0; i < rows.length; i += 200) {
    await tx
      .insert(blobs)
      .values(rows.slice(i, i + 200))
      .onConflictDoNothing();
  }
  return byPath;
}

/**
 * Locks a project for a new version; answers its current version, or null when there is no such
 * project. The test dataset's lock comes before the project row's, the order of every writer of app
 * data (its insert's foreign key waits on the row): the version keeps that data as it moves on.
 */
export async function lockForNewVersion(tx: Executor, sproutId: string): Promise<{ currentVersionId: string | null } | null> {
  await lockDataset(tx, { sproutId, dataset: 'test' });
  const rows = await tx.select({ currentVersionId: sprouts.currentVersionId }).from(sprouts).where(eq(sprouts.id, sproutId)).for('update');
  return rows[0] ?? null;
}

/**
 * Writes a new version holding exactly `files` and makes it the project's current version; the
 * version it replaces keeps the test data as it was (data-snapshots/snapshots.ts).
 * Must run inside a transaction: the project row is locked so version numbers never collide. The
 * version is announced when the transaction commits (version-notices.ts): a connected remote
 * receives every version, however it was made.
 */
export async function createVersion(
  tx: Executor,
  input: { sproutId: string; files: ProjectFile[]; source: string; summary?: string | null; runId?: string | null; id?: string },
): Promise<VersionRow> {
  const locked = await lockForNewVersion(tx, input.sproutId);
  if (!locked) throw new Error(`Project ${input.sproutId} does not exist`);
  if (locked.currentVersionId) await keepVersionData(tx, input.sproutId, locked.currentVersionId);
  const [{ next } = { next: 1 }] = await tx
    .select({ next: sql<number>`coalesce(max(${versions.number}), 0)::int + 1` })
    .from(versions)
    .where(eq(versions.sproutId, input.sproutId));
  const hashes = await putBlobs(tx, input.files);
  const [version] = await tx
    .insert(versions)
    .values({
      // A caller may choose the id (the engine builds a preview under it before committing).
      id: input.id ?? newId(),
      sproutId: input.sproutId,
      number: next,
      parentId: locked.currentVersionId,
      source: input.source,
      summary: input.summary ?? null,
      runId: input.runId ?? null,
    })
    .returning();
  const rows = [...hashes].map(([path, blobHash]) => ({ versionId: version!.id, path, blobHash }));
  for (let i = 0; i < rows.length; i += 500) {
    await tx.insert(versionFiles).values(rows.slice(i, i + 500));
  }
  await tx.update(sprouts).set({ currentVersionId: version!.id, updatedAt: new Date() }).where(eq(sprouts.id, input.sproutId));
  await pruneVersionData(tx, input.sproutId);
  await announceVersion(tx, input.sproutId);
  return version!;
}

export async function getVersionFiles(db: Executor, versionId: string): Promise<ProjectFile[]> {
  return db
    .select({ path: versionFiles.path, content: blobs.content })
    .from(versionFiles)
    .innerJoin(blobs, eq(blobs.hash, versionFiles.blobHash))
    .where(eq(versionFiles.versionId, versionId))
    .orderBy(asc(versionFiles.path));
}

/** One file of a version, or null when the version has no such path. */
export async function getVersionFile(db: Executor, versionId: string, path: string): Promise<string | null> {
  const rows = await db
    .select({ content: blobs.content })
    .from(versionFiles)
    .innerJoin(blobs, eq(blobs.hash, versionFiles.blobHash))
    .where(and(eq(versionFiles.versionId, versionId), eq(versionFiles.path, path)))
    .limit(1);
  return rows[0]?.content ?? null;
}

/** path → blob hash of a version: enough to tell which files changed without reading contents. */
export async function getVersionFileHashes(db: Executor, versionId: string): Promise<Map<string, string>> {
  const rows = await db.select({ path: versionFiles.path, hash: versionFiles.blobHash }).from(versionFiles).where(eq(versionFiles.versionId, versionId));
  return new Map(rows.map((r) => [r.path, r.hash]));
}

/** version id → the blob hash of its file at `path`, for the project's versions that have one. */
export async function pathHashesOfVersions(db: Executor, sproutId: string, path: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ versionId: versionFiles.versionId, hash: versionFiles.blobHash })
    .from(versionFiles)
    .innerJoin(versions, eq(versions.id, versionFiles.versionId))
    .where(and(eq(versions.sproutId, sproutId), eq(versionFiles.path, path)));
  return new Map(rows.map((r) => [r.versionId, r.hash]));
}

export function listVersions(db: Executor, sproutId: string): Promise<VersionRow[]> {
  return db.select().from(versions).where(eq(versions.sproutId, sproutId)).orderBy(desc(versions.number));
}

export async function getVersion(db: Executor, sproutId: string, versionId: string): Promise<VersionRow | null> {
  const rows = await db
    .select()
    .from(versions)
    .where(and(eq(versions.sproutId, sproutId), eq(versions.id, versionId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function getBlobs(db: Executor, hashes: string[]): Promise<Map<string, string>> {
  if (hashes.length === 0) return new Map();
  const rows = await db.select({ hash: blobs.hash, content: blobs.content }).from(blobs).where(inArray(blobs.hash, hashes));
  return new Map(rows.map((r) => [r.hash, r.content]));
}

/**
 * How old each file of a version is: path → the number of the project's earliest version holding
 * that path with this very content (what the engine orders the model's context by), and the
 * version's own number. One query: the version's files joined with the project's versions.
 */
export async function getFileAges(db: Executor, sproutId: string, versionId: string): Promise<{ version: number; since: Map<string, number> }> {
  const current = alias(versionFiles, 'current');
  const [rows, own] = await Promise.all([
    db
      .select({ path: current.path, since: sql<number>`min(${versions.number})::int` })
      .from(current)
      .innerJoin(versionFiles, and(eq(versionFiles.path, current.path), eq(versionFiles.blobHash, current.blobHash)))
      .innerJoin(versions, and(eq(versions.id, versionFiles.versionId), eq(versions.sproutId, sproutId)))
      .where(eq(current.versionId, versionId))
      .groupBy(current.path),
    db
      .select({ number: versions.number })
      .from(versions)
      .where(and(eq(versions.sproutId, sproutId), eq(versions.id, versionId))),
  ]);
  // A version of another project tells nothing about this one.
  if (!own[0]) return { version: 0, since: new Map() };
  return { version: own[0].number, since: new Map(rows.map((r) => [r.path, Number(r.since)])) };
}
