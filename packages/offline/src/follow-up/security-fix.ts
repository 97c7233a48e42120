// "Fix it" for the publish security check. The offline builder can fix what its own apps can trip:
// data rules that let every visitor change others’ documents or read personal data. It makes those
// each person’s own (creator), which is what the finding asks for, and says plainly what it cannot
// fix (a key in the code, HTML built from data…) instead of pretending.

import { DATA_RULES_PATH, publishGateFindings, standingFindings, GATE_RULE_TITLES } from '@sprout/core';
import { writeAnswer } from '@sprout/engine/protocol';
import { joinList } from '../understand/text';

export const SECURITY_FIX = /^Publishing is blocked by these findings of the security check/;

type Collection = Record<string, unknown>;

function collectionsOf(text: string | undefined): { parsed: Record<string, unknown>; collections: Record<string, Collection> } | null {
  if (text === undefined) return null;
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const collections = parsed.collections;
    if (!collections || typeof collections !== 'object' || Array.isArray(collections)) return null;
    return { parsed, collections: collections as Record<string, Collection> };
  } catch {
    return null;
  }
}

type Rule = 'others-can-change' | 'public-personal-data';

const TIGHTEN: Record<Rule, (c: Collection) => void> = {
  'others-can-change': (c) => {
    for (const op of ['update', 'delete']) if (c[op] === 'anyone') c[op] = 'creator';
  },
  'public-personal-data': (c) => {
    if (c.read === 'anyone') c.read = 'creator';
  },
};

const count = (files: ReadonlyMap<string, string>, rule: Rule) =>
  standingFindings(publishGateFindings({ files, built: new Map() })).filter((f) => f.rule === rule).length;

/**
 * Each collection a finding is about made each person’s own, one rule at a time: a change is kept
 * only when the check then finds less (so a collection with nothing personal stays readable by all).
 * Returns the collections changed.
 */
function tightenRules(
  files: ReadonlyMap<string, string>,
  rules: { parsed: Record<string, unknown>; collections: Record<string, Collection> },
  fixable: ReadonlySet<Rule>,
): Map<Rule, string[]> {
  const changed = new Map<Rule, string[]>();
  const withRules = () => new Map([...files, [DATA_RULES_PATH, JSON.stringify(rules.parsed)]]);
  for (const rule of fixable) {
    for (const [name, c] of Object.entries(rules.collections)) {
      if (!c || typeof c !== 'object') continue;
      const before = { ...c };
      const found = count(withRules(), rule);
      TIGHTEN[rule](c);
      if (JSON.stringify(c) === JSON.stringify(before)) continue;
      if (count(withRules(), rule) < found) changed.set(rule, [...(changed.get(rule) ?? []), name]);
      else rules.collections[name] = Object.assign(c, before);
    }
  }
  return changed;
}

const DONE: Record<Rule, (names: string) => string> = {
  'others-can-change': (names) => `Every visitor could change or delete other people’s entries in ${names}; now each person changes only their own.`,
  'public-personal-data': (names) => `Every visitor could read the personal data in ${names}; now each person reads only their own entries.`,
};

/** The answer to a security-fix request: the rules tightened where that is the fix, and an honest word about the rest. */
export function securityFixReply(files: ReadonlyMap<string, string>, modelNote: string): string {
  const standing = standingFindings(publishGateFindings({ files, built: new Map() }));
  const ruleFixable = new Set(standing.flatMap((f) => (f.file === DATA_RULES_PATH && f.rule in TIGHTEN ? [f.rule as Rule] : [])));
  const rest = [...new Set(standing.filter((f) => f.file !== DATA_RULES_PATH).map((f) => GATE_RULE_TITLES[f.rule].toLowerCase()))];
  const restNote = rest.length ? ` I cannot fix ${joinList(rest)} by myself. ${modelNote}` : '';
  const rules = ruleFixable.size ? collectionsOf(files.get(DATA_RULES_PATH)) : null;
  const changed = rules ? tightenRules(files, rules, ruleFixable) : new Map<Rule, string[]>();
  const names = [...new Set([...changed.values()].flat())];
  if (!rules || names.length === 0) {
    return `I could not find a change I can make safely for these findings, so I left the files as they are.${restNote || ` ${modelNote}`}\n`;
  }
  return writeAnswer({
    intro: [...changed].map(([rule, where]) => DONE[rule](joinList(where))).join(' '),
    actions: [{ type: 'write', path: DATA_RULES_PATH, content: `${JSON.stringify(rules.parsed, null, 2)}\n` }],
    summary: `Made ${joinList(names)} each person’s own`,
    outro: `Publish again to see the security check pass.${restNote}`,
  });
}
