// The reply's first line: who sees what in the app just built, in the words core's
// describeSharing gives the engine for every run, so a reply never says it twice or two ways (the
// engine puts its line first only when the reply does not already open with it).

import { DATA_RULES_PATH, describeSharing, parseDataRules } from '@sprout/core';
import type { GeneratedFile } from '../families/source';

// Collections code names literally, as the engine's parser finds them (`db.collection('x')`, `useCollection<T>('x')`).
const LITERAL = /\b(?:db\.collection|useCollection)\s*(?:<[^>()]*>)?\(\s*['"`]([A-Za-z][\w-]*)['"`]/g;
// A composed app names its collection once, in config.ts.
const CONFIGURED = /^export const collection = '([A-Za-z][\w-]*)';$/m;
const CLIENT = 'client/src/lib/sprout.ts';

/** Who sees what in an app made of these files; null when it keeps no data. */
export function sharingOf(files: readonly GeneratedFile[]): string | null {
  const rulesFile = files.find((f) => f.path === DATA_RULES_PATH);
  const parsed = parseDataRules(rulesFile?.content ?? null);
  if (!parsed.ok) return null;
  const names = Object.keys(parsed.rules.collections);
  for (const f of files) {
    if (f.path === CLIENT || !/\.[jt]sx?$/.test(f.path)) continue;
    names.push(...[...f.content.matchAll(LITERAL)].map((m) => m[1]!));
    if (f.path === 'client/src/config.ts') names.push(...(CONFIGURED.exec(f.content)?.slice(1) ?? []));
  }
  return describeSharing(parsed.rules, names);
}
