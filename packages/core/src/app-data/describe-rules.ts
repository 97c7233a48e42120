import { type AccessLevel, type CollectionRules, collectionRules, type DataRules } from './rules';

const WHO: Record<AccessLevel, string> = {
  anyone: 'Anyone',
  'signed-in': 'Signed-in users of your app',
  creator: 'Each visitor',
  nobody: 'Only you',
};

const list = (words: string[]) => (words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}` : (words[0] ?? ''));

/** "Anyone can add to bookings. Only you can see, change and delete them." */
export function describeCollectionRules(name: string, rules: CollectionRules): string {
  const groups = new Map<AccessLevel, { adds: boolean; verbs: string[] }>();
  const group = (level: AccessLevel) => groups.get(level) ?? groups.set(level, { adds: false, verbs: [] }).get(level)!;
  group(rules.create).adds = true;
  for (const [op, verb] of [
    ['read', 'see'],
    ['update', 'change'],
    ['delete', 'delete'],
  ] as const)
    group(rules[op]).verbs.push(verb);
  return [...groups]
    .map(([level, { adds, verbs }]) => {
      const object = level === 'creator' ? 'only what they added' : 'them';
      const rest = verbs.length ? `${list(verbs)} ${object}` : '';
      const what = adds ? `add to ${name}${rest ? `, and ${rest}` : ''}` : rest;
      return `${WHO[level]} can ${what}.`;
    })
    .join(' ');
}

/** The rules of every collection named (declared or in use), in words. */
export function describeDataRules(rules: DataRules, collections: string[]): { name: string; declared: boolean; text: string }[] {
  const names = [...new Set([...Object.keys(rules.collections), ...collections])].sort();
  return names.map((name) => ({ name, declared: Object.hasOwn(rules.collections, name), text: describeCollectionRules(name, collectionRules(rules, name)) }));
}
