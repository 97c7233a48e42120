import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { PreviewBuilder, type ProjectFile } from '@sprout/preview';
import { ALLOWED_PACKAGES, starterFiles, TEMPLATE_PACKAGE_DIR } from '@sprout/template';
import { sql } from 'drizzle-orm';
import { countFileDeletions, type DbHandle } from '@sprout/db';
import { createTestDb } from '@sprout/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskFileStore } from '../file-store/disk-store';
import { StoredFiles } from '../file-store/stored-files';
import { CandidateProjects, candidateBuild, createPreviewBuild } from './preview-builds';
import { CANDIDATE_KEPT_SECONDS, StoredCandidates } from './stored-candidates';

const ORIGIN = 'http://localhost:3000';
// What went wrong is only ever logged: the test reads what was.
const warnings: unknown[] = [];
const log = {
  warn: (...args: unknown[]) => warnings.push(args),
  info: () => undefined,
  error: (...args: unknown[]) => warnings.push(args),
} as unknown as FastifyBaseLogger;
const newBuilder = () =>
  new PreviewBuilder({ cacheDir: path.join(os.tmpdir(), 'sprout-preview-test-cache'), resolveDir: TEMPLATE_PACKAGE_DIR, allowed: ALLOWED_PACKAGES });
const files: ProjectFile[] = starterFiles().map((f) => ({ path: f.name, content: f.content }));

let handle: DbHandle;
let dir: string;
let stored: StoredCandidates;
let storedFiles: StoredFiles;
beforeAll(async () => {
  handle = await createTestDb();
  dir = await mkdtemp(path.join(os.tmpdir(), 'sprout-candidates-'));
  storedFiles = new StoredFiles(new DiskFileStore(dir), handle.db, log, 60);
  stored = new StoredCandidates(storedFiles, log);
});
afterAll(async () => {
  await storedFiles?.close();
  await handle?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('createPreviewBuild', () => {
  it('serves the very build a run checked: same cache entry, the stored files never loaded', async () => {
    const previews = newBuilder();
    const loaded: string[] = [];
    const candidates = new CandidateProjects();
    const build = createPreviewBuild(previews, {
      bridgeOrigin: ORIGIN,
      candidates,
      stored,
      loadFiles: async (versionId) => {
        loaded.push(versionId);
        return files;
      },
    });
    const checked = await build('sprout1', 'version1', files);
    expect(checked.ok).toBe(true);
    expect(await build('sprout1', 'version1')).toBe(checked);
    expect(loaded).toEqual([]);
    // Another version is built from the stored files.
    expect((await build('sprout1', 'version2')).ok).toBe(true);
    expect(loaded).toEqual(['version2']);
    // The run's build is a candidate of its own project only; a stored version's is none.
    const s = { previewCandidates: candidates, storedCandidates: stored, previews };
    expect(await candidateBuild(s, ORIGIN, 'sprout1', 'version1')).toBe(checked);
    expect(await candidateBuild(s, ORIGIN, 'sprout2', 'version1')).toBeNull();
    expect(await candidateBuild(s, ORIGIN, 'sprout1', 'version2')).toBeNull();
  });
});

describe('a candidate on another instance', () => {
  it('is built there from its stored files, under its own project only, and queued for the sweep after the longest run', async () => {
    const before = await countFileDeletions(handle.db);
    const build = createPreviewBuild(newBuilder(), { bridgeOrigin: ORIGIN, candidates: new CandidateProjects(), stored, loadFiles: async () => [] });
    const changed = files.map((f) =>
      f.path === 'client/src/App.tsx' ? { ...f, content: 'export default function App() { return <h1>Elsewhere</h1>; }\n' } : f,
    );
    const onA = await build('sprout3', 'version3', changed);
    expect(onA.ok).toBe(true);
    // Queued for the sweep when written, due after the longest run: nothing claims a candidate.
    expect(await countFileDeletions(handle.db)).toBe(before + 1);
    const due = await handle.db.execute(sql`select extract(epoch from due_at - now())::int as s from file_deletions where key = 'candidates/sprout3/version3'`);
    expect(Number((due as unknown as { rows: { s: number }[] }).rows[0]!.s)).toBeGreaterThan(CANDIDATE_KEPT_SECONDS - 60);

    // Instance B: its own builder and memory, the same file store.
    const b = { previewCandidates: new CandidateProjects(), storedCandidates: stored, previews: newBuilder() };
    const onB = await candidateBuild(b, ORIGIN, 'sprout3', 'version3');
    expect(onB?.ok).toBe(true);
    if (!onA.ok || !onB?.ok) throw new Error('unreachable');
    expect(onB.html).toBe(onA.html);
    expect([...onB.assets.keys()].sort()).toEqual([...onA.assets.keys()].sort());
    expect(b.previewCandidates.isOf('version3', 'sprout3')).toBe(true);
    // Under another project, an id that never was, or an address a visitor typed: nothing.
    expect(await candidateBuild(b, ORIGIN, 'sprout4', 'version3')).toBeNull();
    expect(await candidateBuild(b, ORIGIN, 'sprout3', 'version9')).toBeNull();
    expect(await stored.load('sprout3', '../../etc/passwd')).toBeNull();
    expect(warnings).toEqual([]);
  });
});
