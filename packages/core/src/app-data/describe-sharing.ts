// Who sees what in an app, as the one plain sentence a reply opens with: the person learns at once
// whether their team shares the board or each visitor keeps their own list, whoever wrote the rules
// (the offline builder or a model). Made from the rules the version really has, never from intent.

import { describeCollectionRules } from './describe-rules';
import { type CollectionRules, collectionRules, type DataRules } from './rules';

/** "teamPosts" → "team posts", "guest_book" → "guest book". */
const words = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();

const list = (items: string[]) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}` : (items[0] ?? ''));

const authorOnly = (r: CollectionRules) => r.update === 'creator' && r.delete === 'creator';

/** One sentence for collections sharing the same rules; null when the rules are unusual (the long form is used). */
function sentence(what: string, r: CollectionRules): string | null {
  const edits = authorOnly(r) ? 'only the author can edit or delete theirs' : null;
  if (r.read === 'creator' && r.update === 'creator' && r.delete === 'creator' && r.create !== 'nobody')
    return r.create === 'signed-in'
      ? `Each person signs in and keeps their own ${what}; nobody else sees them.`
      : `Each visitor keeps their own ${what}; nobody else sees them.`;
  if (r.read === 'nobody' && r.create !== 'nobody')
    return `${r.create === 'signed-in' ? 'People who sign in' : 'Anyone'} can send ${what}; only you see them, in the Data panel.`;
  if (r.read === 'signed-in' && r.create === 'signed-in' && edits) return `Everyone who signs in to the app sees all ${what}; ${edits}.`;
  if (r.read === 'signed-in' && r.create === 'signed-in' && r.update === 'signed-in')
    return `Everyone who signs in to the app sees and edits all ${what}${r.delete === 'creator' ? '; only the author can delete theirs' : ''}.`;
  if (r.read === 'anyone' && r.create === 'anyone' && edits) return `Anyone can see and add ${what}; ${edits}.`;
  if (r.read === 'anyone' && r.create === 'anyone' && r.update === 'nobody' && r.delete === 'nobody')
    return `Anyone can see and add ${what}; only you can change or delete them, in the Data panel.`;
  if (r.read === 'anyone' && r.create === 'anyone' && r.update === 'anyone' && r.delete === 'nobody')
    return `Anyone can see, add and update ${what}; only you can delete them, in the Data panel.`;
  if (r.read === 'anyone' && r.create === 'signed-in' && edits) return `Anyone can see all ${what}; people sign in to add theirs, and ${edits}.`;
  if (r.read === 'anyone' && r.create === 'nobody') return `Anyone can see ${what}; only you add or change them.`;
  return null;
}

/**
 * Who sees what, for the collections an app uses (declared or not), in one line; null when it
 * keeps no data. Collections under the same rules share a sentence.
 */
export function describeSharing(rules: DataRules, collections: readonly string[]): string | null {
  const names = [...new Set(collections)];
  if (!names.length) return null;
  const groups = new Map<string, { rules: CollectionRules; names: string[] }>();
  for (const name of names) {
    const r = collectionRules(rules, name);
    const key = [r.create, r.read, r.update, r.delete].join('/');
    (groups.get(key) ?? groups.set(key, { rules: r, names: [] }).get(key)!).names.push(name);
  }
  return [...groups.values()]
    .map((g) => sentence(list(g.names.map(words)), g.rules) ?? g.names.map((n) => describeCollectionRules(words(n), g.rules)).join(' '))
    .join(' ');
}

// How every sentence above (and describeCollectionRules's) begins.
const OPENING =
  /^(?:Each visitor keeps|Each person signs in|Everyone who signs in to the app|Anyone can|People who sign in can|Only you can|Signed-in users of your app can|Each visitor can)\b/;

/** Whether a paragraph is a who-sees-what line (what a reply opens with before its headline). */
export const isSharingLine = (paragraph: string): boolean => OPENING.test(paragraph.trim());
