import { typecheckProject, type TypeCheckOptions, type TypeCheckResult } from './typecheck';

/** The run's candidate the files are: a host checking them in another process finds them by these ids. */
export interface TypeCheckCandidate {
  sproutId: string;
  versionId: string;
}

/** typecheckProject's options, and which candidate the files are (none: files that are no run's candidate). */
export type TypeCheckRequest = TypeCheckOptions & { candidate?: TypeCheckCandidate };

/**
 * Where the advisory type check runs, with typecheckProject's arguments and result. By default
 * typecheckProject itself, a compiler process beside the run; a host may answer it from another
 * process instead (the API sends it to its check workers, so a process executing runs starts no
 * compiler), within the same `timeoutMs`.
 */
export type TypeCheckFn = (files: ReadonlyMap<string, string>, changed: readonly string[], o: TypeCheckRequest) => Promise<TypeCheckResult>;

/**
 * Runs the type check with `check` (default: typecheckProject, here). A host's check that throws is
 * a skipped check, never a failed run: the check is advisory.
 */
export async function startTypeCheck(
  files: ReadonlyMap<string, string>,
  changed: readonly string[],
  o: TypeCheckRequest,
  check: TypeCheckFn = typecheckProject,
): Promise<TypeCheckResult> {
  const started = performance.now();
  try {
    return await check(files, changed, o);
  } catch (err) {
    const reason = o.signal?.aborted ? 'the run was stopped' : `it could not run (${err instanceof Error ? err.message : String(err)})`.slice(0, 300);
    return { status: 'skipped', errors: [], reason, durationMs: Math.round(performance.now() - started), missingNames: [] };
  }
}
