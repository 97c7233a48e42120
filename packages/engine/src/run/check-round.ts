import { DATA_RULES_PATH } from '@sprout/core';
import { newId } from '@sprout/db';
import type { CheckIssue } from '../checks/issues';
import { checkFileIssues, renderVerdict, skippedRender, type RenderVerdict } from '../checks/render-check';
import { securityIssues } from '../checks/security-issues';
import { startChecks } from '../checks/start-checks';
import { applyFixers } from '../fixers/apply-fixers';
import { candidateManifest } from './candidate-manifest';
import type { RunScope } from './run-scope';

/** The files a round checks and the paths the run changed (the working copy, or a copy of it a tool checks). */
export interface CheckTarget {
  files: Map<string, string>;
  changed: Set<string>;
}

/** A copy of the working copy's files and changed paths: a tool checks it without touching what the run will commit. */
export const copyOf = (work: CheckTarget): CheckTarget => ({ files: new Map(work.files), changed: new Set(work.changed) });

/** The candidate as a person would first see it, then its behaviour checks: only a build that succeeded is loaded. */
async function renderRound(s: RunScope, files: ReadonlyMap<string, string>, versionId: string, buildOk: boolean): Promise<RenderVerdict> {
  const check = s.deps.renderCheck;
  const { checks, issues } = checkFileIssues(files);
  if (!check) return skippedRender('The server does not check how versions render.', issues);
  if (!buildOk) return skippedRender('The build failed, so there was nothing to load.', issues);
  const dataRules = files.get(DATA_RULES_PATH) ?? null;
  const verdict = await renderVerdict(check, { sproutId: s.input.sproutId, ownerId: s.input.userId, versionId, checks, dataRules, signal: s.signal });
  return { ...verdict, issues: [...issues, ...verdict.issues] };
}

/**
 * The fixers, then the checks of `work` (the build cached under a fresh version id, then its render).
 * `announce`: the candidate is shown to the person while it is checked (`preview.candidate`), as the
 * fix loop's rounds do; a tool's look at the files so far is not.
 */
export async function checkRound(s: RunScope, work: CheckTarget, round: number, pending: CheckIssue[], announce = true) {
  const fixed = applyFixers(work.files, work.changed, s.input.images, s.deps.packages);
  const versionId = newId();
  const started = await startChecks(work.files, work.changed, {
    build: async (files) => {
      const built = await s.deps.build(s.input.sproutId, versionId, files);
      // Before the render check: the person sees the candidate while the server checks it.
      if (built.ok && announce) s.rec.emit('preview.candidate', { versionId, round, ...candidateManifest(built.manifest) });
      return built;
    },
    allowed: s.deps.packages,
    buildFunction: s.deps.buildFunction,
    // A security-fix run is done when the security check finds nothing critical left: what stands is a problem to fix.
    extra: [...pending, ...fixed.issues, ...(s.input.kind === 'security-fix' ? securityIssues(work.files) : [])],
    undeclared: fixed.undeclared,
    request: s.input.request,
    // The candidate's ids let a host that checks types elsewhere find the files its build stores.
    typeCheck: s.deps.typeCheck === false ? undefined : { ...s.deps.typeCheck, signal: s.signal, candidate: { sproutId: s.input.sproutId, versionId } },
    typeChecker: s.deps.typeChecker,
  });
  const render = await renderRound(s, work.files, versionId, started.buildOk);
  const issues = [...started.issues, ...render.issues];
  const check = { ...started, issues, ok: started.ok && render.issues.length === 0 };
  const report = async () => {
    const { errors: typeErrors, missingNames: _names, ...typeCheck } = await check.typeCheck;
    s.rec.emit('check.result', {
      round,
      ok: check.ok,
      issues,
      fixes: fixed.fixes,
      durationMs: check.durationMs,
      typeErrors,
      typeCheck,
      render: render.summary,
      ...(render.behaviour ? { behaviour: render.behaviour } : {}),
    });
    return typeErrors;
  };
  return { versionId, check, render, fixes: fixed.fixes, report, screenshot: render.screenshot };
}
