import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRunEvents, type DbHandle } from '@sprout/db';
import { createTestDb } from '@sprout/db/testing';
import { PreviewBuilder } from '@sprout/preview';
import { ALLOWED_PACKAGES, starterFiles, TEMPLATE_PACKAGE_DIR } from '@sprout/template';
import { scaledTimeout } from '@sprout/testkit';
import { InProcessRunEventHub } from '../run/event-hub';
import { RunManager } from '../run/run-manager';
import { FINISHED, messageRun } from '../testing/mock-runs';
import { seedRun } from '../testing/seed-run';
import { startChecks, type BuildFn } from './start-checks';
import { typecheckProject, type TypeCheckResult } from './typecheck';
import type { TypeCheckFn, TypeCheckRequest } from './typecheck-fn';

const TYPE_ERROR_APP = "export default function App() {\n  const count: number = 'seven';\n  return <h1>{count}</h1>;\n}\n";
const project = () => new Map([...starterFiles().map((f): [string, string] => [f.name, f.content]), ['client/src/App.tsx', TYPE_ERROR_APP]]);
const previews = new PreviewBuilder({
  cacheDir: path.join(os.tmpdir(), 'sprout-preview-test-cache'),
  resolveDir: TEMPLATE_PACKAGE_DIR,
  allowed: ALLOWED_PACKAGES,
});
const builds: BuildFn = (files) => previews.build(files, { mode: 'preview', assetBase: '/_sprout/build/v/' });
// A compiler that is not there: a check run in this process says so, so a result that is not that one came from elsewhere.
const NO_COMPILER = '/nonexistent/tsc';

let h: DbHandle;
let scratch: string;
beforeAll(async () => {
  h = await createTestDb();
  scratch = await mkdtemp(path.join(os.tmpdir(), 'sprout-typecheck-fn-'));
});
afterAll(async () => {
  await h?.close();
  await rm(scratch, { recursive: true, force: true });
});

/** A host's type check that answers `result` and keeps what it was asked. */
function host(result: TypeCheckResult | Error) {
  const calls: { files: ReadonlyMap<string, string>; changed: readonly string[]; o: TypeCheckRequest }[] = [];
  const check: TypeCheckFn = async (files, changed, o) => {
    calls.push({ files, changed, o });
    if (result instanceof Error) throw result;
    return result;
  };
  return { calls, check };
}

const ELSEWHERE: TypeCheckResult = {
  status: 'errors',
  errors: [{ source: 'types', file: 'client/src/App.tsx', line: 2, column: 9, message: "TS2322: Type 'string' is not assignable to type 'number'." }],
  reason: null,
  durationMs: 1234,
  missingNames: [],
};

describe('startChecks with a type check the host gives', () => {
  it('asks that one, with the files, the changed paths, the limits and the candidate, and answers its result', async () => {
    const { calls, check } = host(ELSEWHERE);
    const files = project();
    const signal = new AbortController().signal;
    const candidate = { sproutId: 'p1', versionId: 'v1' };
    const checks = await startChecks(files, ['client/src/App.tsx'], {
      build: builds,
      allowed: ALLOWED_PACKAGES,
      typeCheck: { timeoutMs: 4_000, tsc: NO_COMPILER, signal, candidate },
      typeChecker: check,
    });
    expect(await checks.typeCheck).toEqual(ELSEWHERE);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.files).toBe(files);
    expect(calls[0]!.changed).toEqual(['client/src/App.tsx']);
    expect(calls[0]!.o).toEqual({ timeoutMs: 4_000, tsc: NO_COMPILER, signal, candidate });
  });

  it('reads one that throws as skipped, never as a failed check; a stopped run says so', async () => {
    const throwing = host(new Error('the queue is gone'));
    const checks = await startChecks(project(), ['client/src/App.tsx'], {
      build: builds,
      allowed: ALLOWED_PACKAGES,
      typeCheck: {},
      typeChecker: throwing.check,
    });
    expect(await checks.typeCheck).toMatchObject({ status: 'skipped', errors: [], reason: 'it could not run (the queue is gone)', missingNames: [] });
    const stop = new AbortController();
    stop.abort();
    const stopped = await startChecks(project(), ['client/src/App.tsx'], {
      build: builds,
      allowed: ALLOWED_PACKAGES,
      typeCheck: { signal: stop.signal },
      typeChecker: throwing.check,
    });
    expect(await stopped.typeCheck).toMatchObject({ status: 'skipped', reason: 'the run was stopped' });
  });

  it('without one, checks in this process (typecheckProject)', async () => {
    const checks = await startChecks(project(), ['client/src/App.tsx'], { build: builds, allowed: ALLOWED_PACKAGES, typeCheck: { tsc: NO_COMPILER } });
    expect(await checks.typeCheck).toMatchObject({ status: 'skipped', reason: 'the TypeScript compiler is not installed' });
  });
});

describe("a run's type check", () => {
  it("is the host's, asked once per round with the candidate the run built and the host's limits, and its result is the round's", async () => {
    const seeded = await seedRun(h.db, { files: starterFiles().map((f) => ({ path: f.name, content: f.content })) });
    const answer = `Showing a count.\n<sprout-write path="client/src/App.tsx">\n${TYPE_ERROR_APP}</sprout-write>\n`;
    const model = new MockLanguageModelV3({
      doStream: async () => ({
        stream: new ReadableStream({
          start(controller) {
            controller.enqueue({ type: 'stream-start', warnings: [] });
            controller.enqueue({ type: 'text-start', id: '1' });
            controller.enqueue({ type: 'text-delta', id: '1', delta: answer });
            controller.enqueue({ type: 'text-end', id: '1' });
            controller.enqueue(FINISHED);
            controller.close();
          },
        }),
      }),
    });
    // The host checks with the real compiler, as a check worker would, and keeps what it was asked.
    const asked: TypeCheckRequest[] = [];
    const timeoutMs = scaledTimeout(25_000);
    const manager = new RunManager({
      db: h.db,
      hub: new InProcessRunEventHub(),
      build: (_sproutId, _versionId, files) => previews.build(files, { mode: 'preview', assetBase: '/_sprout/build/v/' }),
      packages: ALLOWED_PACKAGES,
      typeCheck: { timeoutMs, tmpDir: scratch },
      typeChecker: (files, changed, o) => {
        asked.push(o);
        return typecheckProject(files, changed, o);
      },
    });
    manager.start(messageRun(seeded, model, 'Show a count'));
    await manager.settled(seeded.run.id);
    const events = await listRunEvents(h.db, seeded.run.id);
    const candidate = events.find((e) => e.type === 'preview.candidate')!.data as { versionId: string };
    expect(asked).toEqual([expect.objectContaining({ timeoutMs, tmpDir: scratch, candidate: { sproutId: seeded.sprout.id, versionId: candidate.versionId } })]);
    expect(asked[0]!.signal).toBeInstanceOf(AbortSignal);
    expect(events.find((e) => e.type === 'check.result')!.data).toMatchObject({
      typeCheck: { status: 'errors', reason: null },
      typeErrors: [expect.objectContaining({ file: 'client/src/App.tsx', line: 2 })],
    });
    await manager.close();
  });
});
