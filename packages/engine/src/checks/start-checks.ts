import type { BuildResult, ProjectFile } from '@sprout/preview';
import { clientSecretIssues } from './client-secret-reads';
import { dataIssues } from './data-checks';
import { type BuildFunctionFn, embeddedKeyIssues, functionIssues } from './function-checks';
import { lintFiles } from './lint';
import type { TypeCheckResult } from './typecheck';
import { startTypeCheck, type TypeCheckFn, type TypeCheckRequest } from './typecheck-fn';
import { issue, type CheckIssue } from './issues';
import { confirmedUndeclared, type UndeclaredName } from './undeclared-names';
import { unknownPackageIssues } from './unknown-packages';

/** Builds files as the preview would (the API binds it to a version id so a success is served at once). */
export type BuildFn = (files: ProjectFile[]) => Promise<BuildResult>;

export interface CheckResult {
  ok: boolean;
  issues: CheckIssue[];
  buildOk: boolean;
  /** Advisory: type errors in the changed files never make `ok` false (esbuild strips types). */
  typeCheck: TypeCheckResult;
  durationMs: number;
}

/** The build's and the linters' verdict, with the advisory type check still running beside it. */
export interface StartedChecks extends Omit<CheckResult, 'typeCheck'> {
  typeCheck: Promise<TypeCheckResult>;
}

/**
 * Lints the changed files, checks the app-backend rules and client imports, and builds the whole
 * project; every error becomes an issue. With `typeCheck` (runs pass it unless turned off) the
 * advisory type check runs beside the build: with `typeChecker` when the host gives one (the API's
 * check workers), else in this process.
 * Resolves when the build is done: the type check (a compiler process, ~0.6 s on a small project
 * against ~50 ms for the build) is left to finish on its own, so a passing version need not wait.
 */
export async function startChecks(
  files: ReadonlyMap<string, string>,
  changed: Iterable<string>,
  o: {
    build: BuildFn;
    allowed: Readonly<Record<string, string>>;
    extra?: CheckIssue[];
    /** Names the fixers found undeclared: reported only when the type check agrees (or could not check). */
    undeclared?: readonly UndeclaredName[];
    typeCheck?: TypeCheckRequest;
    /** Where the type check runs (none: typecheckProject, a compiler process here). */
    typeChecker?: TypeCheckFn;
    /** The person's request: whether it asks for data other people see decides what the app-backend checks expect. */
    request?: string;
    /** Bundles a function as the runtime will (none: functions/ files are not built here). */
    buildFunction?: BuildFunctionFn;
  },
): Promise<StartedChecks> {
  const started = performance.now();
  const changedList = [...changed];
  const typeCheck = o.typeCheck
    ? startTypeCheck(files, changedList, o.typeCheck, o.typeChecker)
    : Promise.resolve<TypeCheckResult>({ status: 'skipped', errors: [], reason: 'type checks are off', durationMs: 0, missingNames: [] });
  const issues = [
    ...(o.extra ?? []),
    ...unknownPackageIssues(files, changedList, o.allowed),
    ...lintFiles(files, changedList),
    ...dataIssues(files, changedList, o.request),
    ...embeddedKeyIssues(files, changedList),
    ...clientSecretIssues(files, changedList),
    ...(o.buildFunction ? await functionIssues(files, changedList, o.buildFunction) : []),
  ];
  const built = await o.build([...files].map(([path, content]) => ({ path, content })));
  if (!built.ok) {
    const known = new Set(issues.map((i) => i.message));
    for (const e of built.errors) if (!known.has(e.message)) issues.push(issue('build', e.file, e.message, e.line, e.column));
  }
  // Rare (a name no fixer could place), so waiting for the compiler here costs a normal round nothing.
  if (o.undeclared?.length) issues.push(...confirmedUndeclared(o.undeclared, await typeCheck));
  return { ok: issues.length === 0, issues, buildOk: built.ok, typeCheck, durationMs: Math.round(performance.now() - started) };
}

/** startChecks, waiting for the type check too. */
export async function runChecks(...args: Parameters<typeof startChecks>): Promise<CheckResult> {
  const checks = await startChecks(...args);
  return { ...checks, typeCheck: await checks.typeCheck };
}
