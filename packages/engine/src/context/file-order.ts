import { starterFiles } from '@sprout/template';
import { UI_DIR } from './exports';

/**
 * Where each project file goes in the model's context, so that consecutive requests share the
 * longest possible prefix (providers cache prompts by prefix):
 * - `reference`: the template's configuration, UI kit and libraries, still exactly as the template
 *   has them — the same for every project, so they follow the system prompt, by path;
 * - `settled`: the other files the latest version did not change, oldest content first (the
 *   template's starter app — App.tsx, styles — which the first answer usually rewrites, then the
 *   project's own): a file that changes leaves the middle of the list, the rest keeps its order,
 *   and files settle at the end;
 * - `recent`: files the latest version changed — they go with the request, after the chat, so the
 *   chat's prefix survives edits to the same few files.
 * bench/prompt-cache.ts measures the result (and measured this split against moving files in steps
 * of several versions, which repeats less).
 */
export interface FileOrder {
  reference: string[];
  settled: string[];
  recent: string[];
}

let template: ReadonlyMap<string, string> | undefined;
const templateFiles = () => (template ??= new Map(starterFiles().map((f) => [f.name, f.content])));

/** A template file the app is expected to replace (its code outside the UI kit and libraries). */
const isStarterApp = (path: string) => path.startsWith('client/src/') && !path.startsWith(UI_DIR) && !path.startsWith('client/src/lib/');

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
  // Content from before the latest version has settled; a first version (the template) is all settled.
  const through = age ? Math.max(1, age.version - 1) : Number.POSITIVE_INFINITY;
  const sinceOf = (p: string) => age?.since.get(p) ?? age?.version ?? 1;
  for (const p of paths) {
    if (stock.get(p) === files.get(p) && !isStarterApp(p)) reference.push(p);
    else if (sinceOf(p) <= through) settled.push(p);
    else recent.push(p);
  }
  const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  reference.sort(byPath);
  settled.sort((a, b) => sinceOf(a) - sinceOf(b) || byPath(a, b));
  recent.sort(byPath);
  return { reference, settled, recent };
}
