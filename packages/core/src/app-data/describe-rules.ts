import { type AccessLevel, type CollectionRules, collectionRules, type DataRules } from './rules';

const WHO: Record<AccessLevel, string> = {
  anyone: 'Anyone',
  'signed-in': 'Signed-in users of your app',
  creator: 'Each visitor, for what they added themselves,',
  nobody: 'Only you',
};

/** "Anyone can add a booking; only you can read them, change them or delete them." */
export function describeCollectionRules(name: string, rules: CollectionRules): string {
  const groups = new Map<AccessLevel, string[]>();
  const verbs: [keyof CollectionRules & ('create' | 'read' | 'update' | 'delete'), string][] = [
    ['create', `add to ${name}`],
    ['read', 'see them'],
    ['update', 'change them'],
    ['delete', 'delete them'],
  ];
  for (const [op, verb] of verbs) groups.set(rules[op], [...(groups.get(rules[op]) ?? []), verb]);
  const parts = [...groups].map(([level, list]) => {
    const joined = list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}` : list[0];
    return `${WHO[level]} can ${joined}`;
  });
  return `${parts.join('; ')}.`;
}

/** The rules of every collection named (declared or in use), in words. */
export function describeDataRules(rules: DataRules, collections: string[]): { name: string; declared: boolean; text: string }[] {
  const names = [...new Set([...Object.keys(rules.collections), ...collections])].sort();
  return names.map((name) => ({ name, declared: Object.hasOwn(rules.collections, name), text: describeCollectionRules(name, collectionRules(rules, name)) }));
}
