import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countFileDeletions, newId, type DbHandle } from '@sprout/db';
import { createTestDb } from '@sprout/db/testing';
import { starterFiles } from '@sprout/template';
import { scaledTimeout } from '@sprout/testkit';
import { loadConfig } from '../config';
import { DiskFileStore } from '../file-store/disk-store';
import { StoredFiles } from '../file-store/stored-files';
import { StoredCandidates } from '../previews/stored-candidates';
import { createTypeCheckQueue, type TypeCheckQueue } from './type-check-queue';

const TYPE_ERROR_APP = "export default function App() {\n  const count: number = 'seven';\n  return <h1>{count}</h1>;\n}\n";
const project = () => new Map([...starterFiles().map((f): [string, string] => [f.name, f.content]), ['client/src/App.tsx', TYPE_ERROR_APP]]);
const CHANGED = ['client/src/App.tsx'];
// What went wrong is only ever logged: the tests read what was.
const warnings: { obj: object; msg: string }[] = [];
const log = {
  warn: (obj: object, msg: string) => warnings.push({ obj, msg }),
  error: (obj: object, msg: string) => warnings.push({ obj, msg }),
  info: () => undefined,
} as unknown as FastifyBaseLogger;

let handle: DbHandle;
const dirs: string[] = [];
const stores: StoredFiles[] = [];
const queues: TypeCheckQueue[] = [];
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  for (const q of queues) await q.close();
  for (const s of stores) await s.close();
  await handle?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** A file store on disk of its own, as one S3 bucket every process of an install shares. */
async function fileStore(): Promise<StoredFiles> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sprout-type-checks-'));
  dirs.push(dir);
  const files = new StoredFiles(new DiskFileStore(dir), handle.db, log, 60);
  stores.push(files);
  return files;
}

const configOf = (role: string, renderCheck = 'on') =>
  loadConfig({ DATABASE_URL: handle.databaseUrl ?? 'postgres://unused', SPROUT_ROLE: role, RENDER_CHECK: renderCheck });

/** One process's part in the type checks, as its role gives it (a run worker asks, a check worker answers). */
async function queueOf(
  role: 'run-worker' | 'check-worker',
  files: StoredFiles,
  o: { waited?: (seconds: number) => void; candidates?: StoredCandidates } = {},
): Promise<TypeCheckQueue> {
  const candidates = o.candidates ?? new StoredCandidates(files, log);
  const queue = await createTypeCheckQueue(configOf(role), handle, { files, candidates, log, waited: o.waited });
  if (!queue) throw new Error('no type check queue on PostgreSQL with render checks on');
  queues.push(queue);
  return queue;
}

describe('type checks as jobs', () => {
  it('are none on the embedded database or with render checks off: the process executing a run checks it', async () => {
    const files = await fileStore();
    const off = await createTypeCheckQueue(configOf('all', 'off'), handle, { files, candidates: new StoredCandidates(files, log), log });
    expect(off).toBeNull();
    if (handle.kind === 'pglite')
      expect(await createTypeCheckQueue(configOf('all'), handle, { files, candidates: new StoredCandidates(files, log), log })).toBeNull();
  });
});

describe.skipIf(!process.env.DATABASE_URL)('type checks as jobs on a shared PostgreSQL', () => {
  it("a run worker's check is answered by a check worker, from the candidate's files as the run stored them once", async () => {
    const shared = await fileStore();
    const waits: number[] = [];
    const checker = await queueOf('check-worker', shared, { waited: (seconds) => waits.push(seconds) });
    // The run worker's own candidates, which its preview build saves too.
    const runsCandidates = new StoredCandidates(shared, log);
    const asker = await queueOf('run-worker', shared, { candidates: runsCandidates });
    const candidate = { sproutId: newId(), versionId: newId() };
    const writesBefore = await countFileDeletions(handle.db);
    const result = await asker.check(project(), CHANGED, { timeoutMs: scaledTimeout(30_000), candidate });
    expect(result).toMatchObject({
      status: 'errors',
      reason: null,
      errors: [expect.objectContaining({ source: 'types', file: 'client/src/App.tsx', line: 2, message: expect.stringContaining('TS2322') })],
      missingNames: [],
    });
    // The check worker took it (the run worker takes none); nothing is left waiting.
    expect(waits).toHaveLength(1);
    expect(await asker.waiting()).toBe(0);
    // The candidate and the answer were written once each; the run's build saving the same candidate writes nothing more.
    expect(await countFileDeletions(handle.db)).toBe(writesBefore + 2);
    const files = [...project()].map(([path, content]) => ({ path, content }));
    expect(await runsCandidates.save(candidate.sproutId, candidate.versionId, files)).toBe(true);
    expect(await countFileDeletions(handle.db)).toBe(writesBefore + 2);
    // Any other process loads the candidate as stored.
    expect(await new StoredCandidates(shared, log).load(candidate.sproutId, candidate.versionId)).toEqual(files);
    await checker.stopTaking();
    expect(warnings).toEqual([]);
  });

  it('a round that changed no TypeScript asks no worker: nothing is queued or stored', async () => {
    const asker = await queueOf('run-worker', await fileStore());
    const writesBefore = await countFileDeletions(handle.db);
    const result = await asker.check(project(), ['client/src/index.css'], { candidate: { sproutId: newId(), versionId: newId() } });
    expect(result).toMatchObject({ status: 'ok', errors: [], durationMs: 0 });
    expect(await countFileDeletions(handle.db)).toBe(writesBefore);
  });

  it('with no check worker running, is skipped once its own time is up, and taken off the queue; a stopped run stops waiting', async () => {
    const asker = await queueOf('run-worker', await fileStore());
    const started = Date.now();
    const late = await asker.check(project(), CHANGED, { timeoutMs: 1_500, candidate: { sproutId: newId(), versionId: newId() } });
    expect(late).toMatchObject({ status: 'skipped', errors: [], reason: 'no check worker answered within 1.5 s' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    expect(Date.now() - started).toBeLessThan(scaledTimeout(5_000));
    expect(await asker.waiting()).toBe(0);
    expect(warnings.splice(0).map((w) => w.msg)).toEqual(['no check worker answered a type check in time']);

    const stop = new AbortController();
    setTimeout(() => stop.abort(), 200);
    const stopped = await asker.check(project(), CHANGED, { timeoutMs: 30_000, signal: stop.signal, candidate: { sproutId: newId(), versionId: newId() } });
    expect(stopped).toMatchObject({ status: 'skipped', reason: 'the run was stopped' });
    expect(stopped.durationMs).toBeLessThan(scaledTimeout(5_000));
    expect(await asker.waiting()).toBe(0);
  });

  it("a check worker that cannot load the candidate's files answers skipped, saying so", async () => {
    // The run stores its candidate where this check worker does not look; answers travel as usual.
    const shared = await fileStore();
    const checker = await queueOf('check-worker', shared, { candidates: new StoredCandidates(await fileStore(), log) });
    const asker = await queueOf('run-worker', shared);
    const result = await asker.check(project(), CHANGED, { timeoutMs: scaledTimeout(30_000), candidate: { sproutId: newId(), versionId: newId() } });
    expect(result).toMatchObject({ status: 'skipped', errors: [], reason: "the check worker could not load the candidate's files" });
    await checker.stopTaking();
  });
});
