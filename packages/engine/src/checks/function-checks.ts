import { functionFileProblem, functionNameOf } from '@sprout/core';
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

// Well-known shapes of live credentials: a provider's key prefix and enough random characters after it.
const KEY_SHAPES: { name: string; pattern: RegExp }[] = [
  { name: 'a Stripe secret key', pattern: /\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}/ },
  { name: 'an OpenAI key', pattern: /\bsk-(?:proj-)?[0-9A-Za-z_-]{32,}/ },
  { name: 'an Anthropic key', pattern: /\bsk-ant-[0-9A-Za-z_-]{32,}/ },
  { name: 'an AWS access key', pattern: /\bAKIA[0-9A-Z]{16}\b/ },
  { name: 'a GitHub token', pattern: /\bgh[pousr]_[0-9A-Za-z]{36,}/ },
  { name: 'a Slack token', pattern: /\bxox[abprs]-[0-9A-Za-z-]{10,}/ },
  { name: 'a SendGrid key', pattern: /\bSG\.[0-9A-Za-z_-]{22}\.[0-9A-Za-z_-]{43}\b/ },
  { name: 'a private key', pattern: /-----BEGIN (?:RSA |EC |OPENSSH )?PRIVATE KEY-----/ },
];

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
    for (const { name, pattern } of KEY_SHAPES) {
      const found = pattern.exec(content);
      if (!found) continue;
      const line = content.slice(0, found.index).split('\n').length;
      out.push(
        issue(
          'data',
          path,
          `This file holds what looks like ${name} (${found[0].slice(0, 8)}…). Never write a key into the code: every visitor can read the app, ` +
            'and every version keeps it. Read it in a server function as ctx.env.NAME (functions/<name>.ts) and ask the person to add it in the Functions panel’s secrets.',
          line,
        ),
      );
      break;
    }
  }
  return out;
}
