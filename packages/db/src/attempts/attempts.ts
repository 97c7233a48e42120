import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../create-db';
import { forgetFileDeletions } from '../queries/stored-files';
import { putBlobs, type ProjectFile } from '../queries/versions';
import { blobs, versions } from '../schema';
import { runAttemptFiles, runAttempts, screenshots } from './tables';

export type RunAttemptRow = typeof runAttempts.$inferSelect;

/**
 * Keeps a run's last attempt, files and all, when it did not work: the run then ends failed and the
 * project stays on its working version; the person can still open the attempt and restore it.
 */
export function saveRunAttempt(
  db: Db,
  input: {
    runId: string;
    sproutId: string;
    candidateId: string;
    baseVersionId: string | null;
    summary: string | null;
    issues: unknown[];
    files: ProjectFile[];
  },
): Promise<RunAttemptRow> {
  return db.transaction(async (tx) => {
    const hashes = await putBlobs(tx, input.files);
    const [row] = await tx
      .insert(runAttempts)
      .values({
        runId: input.runId,
        sproutId: input.sproutId,
        candidateId: input.candidateId,
        baseVersionId: input.baseVersionId,
        summary: input.summary,
        issues: input.issues,
      })
      .returning();
    const rows = [...hashes].map(([path, blobHash]) => ({ runId: input.runId, path, blobHash }));
    for (let i = 0; i < rows.length; i += 500) await tx.insert(runAttemptFiles).values(rows.slice(i, i + 500));
    return row!;
  });
}

export async function getRunAttempt(db: Executor, sproutId: string, runId: string): Promise<RunAttemptRow | null> {
  const rows = await db
    .select()
    .from(runAttempts)
    .where(and(eq(runAttempts.sproutId, sproutId), eq(runAttempts.runId, runId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function getRunAttemptFiles(db: Executor, runId: string): Promise<ProjectFile[]> {
  return db
    .select({ path: runAttemptFiles.path, content: blobs.content })
    .from(runAttemptFiles)
    .innerJoin(blobs, eq(blobs.hash, runAttemptFiles.blobHash))
    .where(eq(runAttemptFiles.runId, runId))
    .orderBy(asc(runAttemptFiles.path));
}

/** A project's kept attempts, newest first. */
export async function listRunAttempts(db: Executor, sproutId: string, limit = 50): Promise<RunAttemptRow[]> {
  return db.select().from(runAttempts).where(eq(runAttempts.sproutId, sproutId)).orderBy(desc(runAttempts.createdAt)).limit(limit);
}

/** The ids a project has screenshots under (versions and attempts). */
export async function listScreenshotIds(db: Executor, sproutId: string): Promise<string[]> {
  const rows = await db.select({ id: screenshots.id }).from(screenshots).where(eq(screenshots.sproutId, sproutId));
  return rows.map((r) => r.id);
}

/**
 * The render check's screenshot under the id its build was made for (a version's, or an attempt's
 * candidate): its bytes already in the file store under `storageKey` (whose pending key the insert
 * claims, in the same transaction), or in the row itself where the engine runs without a file store.
 * The first one kept under an id stays; false when one was there already (the caller removes what
 * it wrote).
 */
export function putScreenshot(db: Db, input: { id: string; sproutId: string } & ({ storageKey: string } | { image: Uint8Array })): Promise<boolean> {
  return db.transaction(async (tx) => {
    const stored = await tx.insert(screenshots).values(input).onConflictDoNothing().returning({ id: screenshots.id });
    if (stored.length && 'storageKey' in input) await forgetFileDeletions(tx, [input.storageKey]);
    return stored.length === 1;
  });
}

/**
 * The id of the project's picture: the render check's screenshot of its newest version that has one
 * (as the project list's thumbnail; a restore or a manual edit keeps the one before), or null.
 */
export async function getThumbnailId(db: Executor, sproutId: string): Promise<string | null> {
  const rows = await db
    .select({ id: screenshots.id })
    .from(screenshots)
    .innerJoin(versions, eq(versions.id, screenshots.id))
    .where(and(eq(screenshots.sproutId, sproutId), eq(versions.sproutId, sproutId)))
    .orderBy(desc(versions.number))
    .limit(1);
  return rows[0]?.id ?? null;
}

/** Where a screenshot's bytes are: in the file store under `storageKey`, or (taken before the store kept them) in `image`. */
export interface StoredScreenshot {
  storageKey: string | null;
  image: Uint8Array | null;
}

export async function getScreenshot(db: Executor, sproutId: string, id: string): Promise<StoredScreenshot | null> {
  const rows = await db
    .select({ storageKey: screenshots.storageKey, image: screenshots.image })
    .from(screenshots)
    .where(and(eq(screenshots.sproutId, sproutId), eq(screenshots.id, id)))
    .limit(1);
  return rows[0] ?? null;
}
