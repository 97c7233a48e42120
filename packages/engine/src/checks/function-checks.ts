import { findKeyShape, functionFileProblem, functionNameOf } from '@sprout/core';
import type { FunctionBundle, ProjectFile } from '@sprout/preview';
import { issue, type CheckIssue } from './issues';

/** Bundles one function file as the runtime will run it (the host's preview builder). */
export type BuildFunctionFn = (files: ProjectFile[], path: string) => Promise<FunctionBundle>;

/**
 * The changed files under functions/: each must be a function (functions/<name>.ts) that builds,
 * exports a default function and declares its access and schedule readably; a function that does
 * not build cannot be called, so it is a build issue the run fixes.
 */
export async function functionIssues(files: ReadonlyMap<string, string>, changed: readonly string[], buildFunction: BuildFunctionFn): Promise<CheckIssue[]> {
  const out: CheckIssue[] = [];
  const input = [...files].map(([path, content]) => ({ path, content }));
  for (const path of changed) {
    if (!files.has(path)) continue;
    const misplaced = functionFileProblem(path);
    if (misplaced) out.push(issue('build', path, misplaced));
    if (!functionNameOf(path)) continue;
    const built = await buildFunction(input, path);
    if (!built.ok) for (const e of built.errors) out.push(issue('build', e.file ?? path, e.message, e.line, e.column));
  }
  return out;
}

/**
 * A key written into a changed file of the app (the client, or a function): everything under client/
 * reaches every visitor's browser, and a key in any file is in every version and export. Keys belong
 * in the project's secrets, read by a function as ctx.env.NAME.
 */
export function embeddedKeyIssues(files: ReadonlyMap<string, string>, changed: readonly string[]): CheckIssue[] {
  const out: CheckIssue[] = [];
  for (const path of changed) {
    const content = files.get(path);
    if (content === undefined || !/\.(?:[cm]?[jt]sx?|json|html|env)$/.test(path)) continue;
    const key = findKeyShape(content);
    if (!key) continue;
    out.push(
      issue(
        'data',
        path,
        `This file holds what looks like ${key.name} (${key.preview}). Never write a key into the code: every visitor can read the app, ` +
          'and every version keeps it. Read it in a server function as ctx.env.NAME (functions/<name>.ts) and ask the person to add it in the Functions panel’s secrets.',
        key.line,
      ),
    );
  }
  return out;
}
