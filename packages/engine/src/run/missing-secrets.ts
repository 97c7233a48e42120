import { functionNameOf } from '@sprout/core';
import type { BuildFunctionFn } from '../checks/function-checks';

/** The secrets the run's new or changed functions read, each with the files that read it. */
export async function secretsReadBy(
  files: ReadonlyMap<string, string>,
  changed: Iterable<string>,
  buildFunction: BuildFunctionFn,
): Promise<Map<string, string[]>> {
  const needed = new Map<string, string[]>();
  const input = [...files].map(([path, content]) => ({ path, content }));
  for (const path of changed) {
    if (!files.has(path) || !functionNameOf(path)) continue;
    const built = await buildFunction(input, path);
    if (!built.ok) continue;
    for (const name of built.exports.secrets) needed.set(name, [...(needed.get(name) ?? []), path]);
  }
  return needed;
}

const list = (items: readonly string[]) => (items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

/**
 * One sentence asking the person for the secrets the functions read that the preview's (test)
 * dataset does not have: the run never invents a value, so without them the function gets undefined.
 */
export function missingSecretsSentence(needed: ReadonlyMap<string, readonly string[]>, set: ReadonlySet<string>): { names: string[]; sentence: string } | null {
  const names = [...needed.keys()].filter((n) => !set.has(n)).sort();
  if (names.length === 0) return null;
  const readers = [...new Set(names.flatMap((n) => needed.get(n) ?? []))].sort();
  const one = names.length === 1;
  return {
    names,
    sentence:
      `Add the secret${one ? '' : 's'} ${list(names.map((n) => `**${n}**`))} in the Functions panel’s Secrets ` +
      `(test for the preview, live before you publish) so ${list(readers.map((p) => `\`${p}\``))} can use ${one ? 'it' : 'them'}.`,
  };
}
