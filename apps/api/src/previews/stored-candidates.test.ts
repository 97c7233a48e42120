import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countFileDeletions, type DbHandle } from '@sprout/db';
import { createTestDb } from '@sprout/db/testing';
import { starterFiles } from '@sprout/template';
import { DiskFileStore } from '../file-store/disk-store';
import { StoredFiles } from '../file-store/stored-files';
import { StoredCandidates } from './stored-candidates';

const warnings: unknown[] = [];
const log = {
  warn: (...args: unknown[]) => warnings.push(args),
  info: () => undefined,
  error: (...args: unknown[]) => warnings.push(args),
} as unknown as FastifyBaseLogger;
const files = starterFiles().map((f) => ({ path: f.name, content: f.content }));

let handle: DbHandle;
let dir: string;
let stored: StoredFiles;
beforeAll(async () => {
  handle = await createTestDb();
  dir = await mkdtemp(path.join(os.tmpdir(), 'sprout-candidates-'));
  stored = new StoredFiles(new DiskFileStore(dir), handle.db, log, 60);
});
afterAll(async () => {
  await stored?.close();
  await handle?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("a run's candidate in the file store", () => {
  it('is written once however often it is saved (its build and its type check both save it), and each candidate once', async () => {
    const candidates = new StoredCandidates(stored, log);
    const before = await countFileDeletions(handle.db);
    // Each write queues its key for the sweep: the count of those is the count of writes.
    expect(await Promise.all([candidates.save('sproutc1', 'versionc1', files), candidates.save('sproutc1', 'versionc1', files)])).toEqual([true, true]);
    expect(await candidates.save('sproutc1', 'versionc1', files)).toBe(true);
    expect(await countFileDeletions(handle.db)).toBe(before + 1);
    expect(await candidates.save('sproutc1', 'versionc2', files)).toBe(true);
    expect(await countFileDeletions(handle.db)).toBe(before + 2);
    // Another process (its own StoredCandidates) loads what was written.
    expect(await new StoredCandidates(stored, log).load('sproutc1', 'versionc1')).toEqual(files);
    expect(warnings).toEqual([]);
  });
});
