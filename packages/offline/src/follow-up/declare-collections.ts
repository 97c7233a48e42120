// A fix round whose only complaint the offline builder can act on: collections used without a rules
// entry where the request spoke of shared data. The builder's apps keep such data per visitor on
// purpose, so it says so in sprout.data.json (each visitor's own: creator) instead of guessing who
// else should see it, and tells the person how to share it.

import { DATA_RULES_PATH } from '@sprout/core';
import { writeAnswer } from '@sprout/engine/protocol';
import { joinList } from '../understand/text';

const UNDECLARED = /Collection "([A-Za-z][A-Za-z0-9_-]{0,63})" is not declared in sprout\.data\.json/g;
const PER_VISITOR = { create: 'anyone', read: 'creator', update: 'creator', delete: 'creator' } as const;

function currentRules(text: string | undefined): { collections: Record<string, unknown> } | null {
  if (text === undefined) return { collections: {} };
  try {
    const parsed = JSON.parse(text) as { collections?: unknown };
    const collections = parsed.collections ?? {};
    return collections && typeof collections === 'object' && !Array.isArray(collections) ? { ...parsed, collections: { ...collections } } : null;
  } catch {
    return null;
  }
}

/** The answer to such a fix round, or null when the request names no undeclared collection (or the rules file is unreadable). */
export function declareCollectionsReply(request: string, files: ReadonlyMap<string, string>): string | null {
  const names = [...new Set([...request.matchAll(UNDECLARED)].map((m) => m[1]!))];
  if (!names.length) return null;
  const rules = currentRules(files.get(DATA_RULES_PATH));
  if (!rules) return null;
  for (const name of names) rules.collections[name] ??= { ...PER_VISITOR };
  return writeAnswer({
    intro: `This app keeps ${joinList(names)} for each visitor on their own, so I wrote that down in ${DATA_RULES_PATH}.`,
    actions: [{ type: 'write', path: DATA_RULES_PATH, content: `${JSON.stringify(rules, null, 2)}\n` }],
    summary: `Declared ${joinList(names)} as each visitor's own`,
    outro: `To let others see them, change "read" to "anyone" (or "signed-in") in ${DATA_RULES_PATH}.`,
  });
}
