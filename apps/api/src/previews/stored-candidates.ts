import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { DEFAULT_TIMEOUT_MS } from '@sprout/engine';
import type { ProjectFile } from '@sprout/preview';
import type { StoredFiles } from '../file-store/stored-files';

const zip = promisify(gzip);
const unzip = promisify(gunzip);

/** Twice as long as any run may take: a candidate is only ever served while its run goes on. */
export const CANDIDATE_KEPT_SECONDS = (2 * DEFAULT_TIMEOUT_MS) / 1000;

const Files = z.array(z.object({ path: z.string(), content: z.string() }));

const keyOf = (sproutId: string, versionId: string) => `candidates/${sproutId}/${versionId}`;
/** Saves remembered, newest last: a candidate's build and its type check ask within a second of each other. */
const SAVES_REMEMBERED = 500;
// Ids as the API makes them: a version named in a preview address is anything a visitor typed.
const ID = /^[a-z0-9]{1,64}$/;

/**
 * A run's candidate files (a version not stored yet) in the file store, beside app files: the
 * instance executing the run keeps its build in memory, and any other instance a balancer sends the
 * person's preview to loads the files from here and builds the same candidate. The key names the
 * project, so a candidate is only ever found under its own. Each key is queued for deletion when it
 * is written, due after the longest run, and the file store's sweep removes it then. A check worker
 * loads a candidate from here too, for its type check (jobs/type-check-queue.ts).
 */
export class StoredCandidates {
  /** Saves under way or done, by key: a candidate's files never change under its id, so one write serves every asker. */
  private readonly saves = new Map<string, Promise<boolean>>();

  constructor(
    private readonly files: StoredFiles,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Stores the files, once for a candidate however often asked (its build and its type check both
   * ask); resolves false when that failed: logged, and the candidate is shown by this instance only
   * (a later ask tries again).
   */
  save(sproutId: string, versionId: string, files: readonly ProjectFile[]): Promise<boolean> {
    const key = keyOf(sproutId, versionId);
    const known = this.saves.get(key);
    if (known) return known;
    const saving = this.write(key, files).then((ok) => {
      if (!ok) this.saves.delete(key);
      return ok;
    });
    this.saves.set(key, saving);
    if (this.saves.size > SAVES_REMEMBERED) this.saves.delete(this.saves.keys().next().value!);
    return saving;
  }

  private async write(key: string, files: readonly ProjectFile[]): Promise<boolean> {
    try {
      const body = await zip(JSON.stringify(files.map((f) => ({ path: f.path, content: f.content }))));
      await this.files.putExpiring(key, body, CANDIDATE_KEPT_SECONDS);
      return true;
    } catch (err) {
      this.log.warn({ err, key }, 'storing a candidate failed: only this instance can show it');
      return false;
    }
  }

  /** The candidate's files, or null when this project has no such candidate (never was, or swept). */
  async load(sproutId: string, versionId: string): Promise<ProjectFile[] | null> {
    if (!ID.test(sproutId) || !ID.test(versionId)) return null;
    try {
      const body = await this.files.readAll(keyOf(sproutId, versionId));
      if (!body) return null;
      const parsed = Files.safeParse(JSON.parse((await unzip(body)).toString('utf8')));
      if (parsed.success) return parsed.data;
      this.log.warn({ sproutId, versionId }, 'a stored candidate is not a list of files');
    } catch (err) {
      this.log.warn({ err, sproutId, versionId }, 'loading a stored candidate failed');
    }
    return null;
  }
}
