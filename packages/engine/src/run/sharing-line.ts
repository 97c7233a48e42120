import { DATA_RULES_PATH, describeSharing, parseDataRules } from '@sprout/core';
import { CLIENT_PATH, collectionsUsed } from '../checks/data-checks';
import { isCodeModule } from '../syntax/parse-module';

// The reply's first line says who sees what: made from the version's committed rules and
// the collections its code uses, so it is true whatever the model wrote or forgot to write.

// Most files name no collection: the parser runs only on those that might.
const MAY_USE = /\b(?:useCollection|collection)\s*[<(]/;

/** The collections the project's code names literally, in file order. */
function collectionsOf(files: ReadonlyMap<string, string>): string[] {
  const names = new Set<string>();
  for (const [path, content] of files) {
    if (path === CLIENT_PATH || !isCodeModule(path) || !MAY_USE.test(content)) continue;
    for (const name of collectionsUsed(path, content).keys()) names.add(name);
  }
  return [...names];
}

/**
 * Who sees what after a run, when the run changed it (the rules file, or which collections the
 * code uses); null when it did not, when the app keeps no data, or when the rules do not parse (the
 * checks report that instead).
 */
export function sharingLine(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string | null {
  const used = collectionsOf(after);
  const rulesChanged = before.get(DATA_RULES_PATH) !== after.get(DATA_RULES_PATH);
  if (!rulesChanged) {
    const was = new Set(collectionsOf(before));
    if (used.length === was.size && used.every((n) => was.has(n))) return null;
  }
  const parsed = parseDataRules(after.get(DATA_RULES_PATH) ?? null);
  if (!parsed.ok) return null;
  return describeSharing(parsed.rules, [...Object.keys(parsed.rules.collections), ...used]);
}

/**
 * The reply with the line first, once: an answer that already says it in its first two paragraphs is
 * kept (the offline builder's, which put "I can't build chess offline" before it).
 */
export function withSharingLine(text: string, line: string | null): string {
  if (
    !line ||
    text
      .trim()
      .split(/\n\s*\n/)
      .slice(0, 2)
      .some((p) => p.trim() === line)
  )
    return text;
  return text.trim() ? `${line}\n\n${text.trimStart()}` : line;
}
