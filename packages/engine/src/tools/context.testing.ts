import type { Db } from '@sprout/db';
import type { BuildResult, ProjectFile } from '@sprout/preview';
import type { RunEventRecorder } from '../run/event-recorder';
import type { RunEvent } from '../run/events';
import { RunTally } from '../run/run-tally';
import type { EngineDeps, RunInput } from '../run/run-types';
import type { ToolContext } from './tool-kit';
import { ToolSession } from './tool-session';

/** A build that succeeds, keeping what it was given. */
export function okBuild(seen: ProjectFile[][] = []) {
  return async (_sproutId: string, _versionId: string, files: ProjectFile[]): Promise<BuildResult> => {
    seen.push(files);
    return {
      ok: true,
      mode: 'preview',
      html: '',
      assets: new Map(),
      publicFiles: new Map(),
      scriptHashes: [],
      vendorSpecifiers: [],
      warnings: [],
      durationMs: 1,
    };
  };
}

/**
 * A tool's context for its unit tests: a working copy of `files`, the host `deps` given (a build
 * that succeeds, no render check, no type check), the events it emits in `events`.
 */
export function toolContext(files: Record<string, string>, deps: Partial<EngineDeps> = {}, o: { seesImages?: boolean; sproutId?: string } = {}) {
  const events: Pick<RunEvent, 'type' | 'data'>[] = [];
  const rec = { emit: (type: RunEvent['type'], data: RunEvent['data']) => events.push({ type, data } as never) } as unknown as RunEventRecorder;
  const work = { files: new Map(Object.entries(files)), changed: new Set<string>() };
  const input = {
    runId: 'run-1',
    sproutId: o.sproutId ?? 'sprout-1',
    userId: 'user-1',
    kind: 'message',
    images: [],
    request: 'Build it',
  } as unknown as RunInput;
  const full: EngineDeps = { db: null as unknown as Db, hub: null as never, build: okBuild(), packages: {}, typeCheck: false, ...deps };
  const session = new ToolSession({ steps: 10, tokens: 1_000_000 }, () => 0);
  const ctx: ToolContext = {
    s: { deps: full, input, signal: new AbortController().signal, rec, tally: new RunTally('m') },
    work,
    session,
    seesImages: o.seesImages ?? false,
  };
  return { ctx, events, work, session };
}
