import { starterFiles } from '@sprout/template';

/**
 * Where each project file goes in the model's context, so that consecutive requests share the
 * longest possible prefix (providers cache prompts by prefix):
 * - `reference`: files still exactly as the template has them — the same for every project, so they
 *   follow the system prompt, by path;
 * - `settled`: the project's own files unchanged since the current step of versions began, oldest
 *   content first (a file that changes leaves the middle of the list, the rest keeps its order);
 * - `recent`: files changed within the current step — they go with the request, after the chat, so
 *   the chat's prefix survives the edits a conversation keeps making to the same few files.
 * Steps are `SETTLE_STEP` versions long: every fifth version the recent files settle at once, so the
 * stable part changes once per step instead of with every edit.
 */
export const SETTLE_STEP = 5;

export interface FileOrder {
  reference: string[];
  settled: string[];
  recent: string[];
}

let template: ReadonlyMap<string, string> | undefined;
const templateFiles = () => (template ??= new Map(starterFiles().map((f) => [f.name, f.content])));

/** The first version of the step `version` is in (steps start at 1, 5, 10, …). */
export function settledThrough(version: number): number {
  return Math.max(1, Math.floor(version / SETTLE_STEP) * SETTLE_STEP);
}

/**
 * Orders `paths` of `files`. `since` maps a path to the number of the version its current content
 * dates from and `version` is the number of the version the request starts from; without them
 * (a project with no history) every file is settled.
 */
export function orderFiles(
  paths: readonly string[],
  files: ReadonlyMap<string, string>,
  age?: { since: ReadonlyMap<string, number>; version: number },
): FileOrder {
  const stock = templateFiles();
  const reference: string[] = [];
  const settled: string[] = [];
  const recent: string[] = [];
  const through = age ? settledThrough(age.version) : Number.POSITIVE_INFINITY;
  const sinceOf = (p: string) => age?.since.get(p) ?? age?.version ?? 1;
  for (const p of paths) {
    if (stock.get(p) === files.get(p)) reference.push(p);
    else if (sinceOf(p) <= through) settled.push(p);
    else recent.push(p);
  }
  const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  reference.sort(byPath);
  settled.sort((a, b) => sinceOf(a) - sinceOf(b) || byPath(a, b));
  recent.sort(byPath);
  return { reference, settled, recent };
}
