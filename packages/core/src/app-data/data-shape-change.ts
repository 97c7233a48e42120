// Whether a version changed the shape of its app's data: the collections and fields its rules file
// (`sprout.data.json`) declares, their types and constraints. Who may read or write is not shape:
// data written under other access rules still fits. The History panel marks such versions, since
// restoring one without its test data leaves data of another shape behind.

import { type CollectionRules, type FieldRule, parseDataRules } from './rules';

/** At most this many characters of description; the rest is counted. */
const MAX_TEXT = 200;

const plural = (n: number, word: string) => `${word}${n === 1 ? '' : 's'}`;
const names = (list: string[]) => list.join(', ');

function sameConstraints(a: FieldRule, b: FieldRule): boolean {
  return (
    !!a.required === !!b.required &&
    a.maxLength === b.maxLength &&
    a.min === b.min &&
    a.max === b.max &&
    JSON.stringify(a.enum ?? null) === JSON.stringify(b.enum ?? null)
  );
}

/** What changed in one collection's fields, strictness and unique fields, as short phrases. */
function collectionChanges(before: CollectionRules, after: CollectionRules): string[] {
  const out: string[] = [];
  const added = Object.keys(after.fields).filter((f) => !Object.hasOwn(before.fields, f));
  const removed = Object.keys(before.fields).filter((f) => !Object.hasOwn(after.fields, f));
  if (added.length) out.push(`added ${plural(added.length, 'field')} ${names(added)}`);
  if (removed.length) out.push(`removed ${plural(removed.length, 'field')} ${names(removed)}`);
  for (const [field, rule] of Object.entries(after.fields)) {
    if (!Object.hasOwn(before.fields, field)) continue;
    const old = before.fields[field]!;
    if (old.type !== rule.type) out.push(`${field} is now ${/^[aeiou]/.test(rule.type) ? 'an' : 'a'} ${rule.type}`);
    else if (!sameConstraints(old, rule)) out.push(`${field}'s limits changed`);
  }
  if (before.strict !== after.strict) out.push(after.strict ? 'now refuses undeclared fields' : 'now accepts undeclared fields');
  if ([...before.unique].sort().join() !== [...after.unique].sort().join()) out.push('unique fields changed');
  return out;
}

/** Joins phrases into one sentence of about MAX_TEXT characters, counting the changes that did not fit. */
function sentence(parts: string[]): string {
  const kept: string[] = [];
  for (const part of parts) {
    if (kept.length && [...kept, part].join('; ').length > MAX_TEXT) break;
    kept.push(part);
  }
  let text = kept.join('; ');
  if (text.length > MAX_TEXT) text = `${text.slice(0, MAX_TEXT - 1)}…`;
  const left = parts.length - kept.length;
  if (left) text += `; and ${left} more ${plural(left, 'change')}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * How the data's shape differs between two versions' rules files (their text, null when a version
 * has none), in one short sentence; null when it does not. A file that does not parse has no known
 * shape: one that stops or starts parsing is a change, two broken files are not compared.
 */
export function describeDataShapeChange(before: string | null, after: string | null): string | null {
  if (before === after) return null;
  const [a, b] = [parseDataRules(before), parseDataRules(after)];
  if (!a.ok && !b.ok) return null;
  if (!b.ok) return 'The data rules no longer parse';
  if (!a.ok) return 'The data rules parse again';
  const [was, now] = [a.rules.collections, b.rules.collections];
  const parts: string[] = [];
  const added = Object.keys(now).filter((c) => !Object.hasOwn(was, c));
  const removed = Object.keys(was).filter((c) => !Object.hasOwn(now, c));
  if (added.length) parts.push(`added ${plural(added.length, 'collection')} ${names(added)}`);
  if (removed.length) parts.push(`removed ${plural(removed.length, 'collection')} ${names(removed)}`);
  for (const [name, rules] of Object.entries(now)) {
    if (!Object.hasOwn(was, name)) continue;
    const changes = collectionChanges(was[name]!, rules);
    if (changes.length) parts.push(`in ${name}: ${changes.join(', ')}`);
  }
  return parts.length ? sentence(parts) : null;
}

export interface VersionDataShape {
  /** How the version changed the data's shape from its parent's; null when it did not. */
  change: string | null;
  /** Whether its data's shape differs from the current version's. */
  differsFromCurrent: boolean;
}

/**
 * Each version's shape change and difference from the current version, from its rules file:
 * `fileOf` maps a version to its file's content hash (none: no file), `textOf` a hash to its text.
 * Equal hashes are equal files, and each pair of different files is compared once.
 */
export function versionDataShapes(
  versions: readonly { id: string; parentId: string | null }[],
  currentId: string | null,
  fileOf: ReadonlyMap<string, string>,
  textOf: ReadonlyMap<string, string>,
): Map<string, VersionDataShape> {
  const compared = new Map<string, string | null>();
  const compare = (a: string | undefined, b: string | undefined): string | null => {
    if (a === b) return null;
    const key = `${a ?? ''}|${b ?? ''}`;
    if (!compared.has(key)) compared.set(key, describeDataShapeChange(a ? (textOf.get(a) ?? null) : null, b ? (textOf.get(b) ?? null) : null));
    return compared.get(key) ?? null;
  };
  const current = currentId ? fileOf.get(currentId) : undefined;
  return new Map(
    versions.map((v) => {
      const own = fileOf.get(v.id);
      const change = v.parentId ? compare(fileOf.get(v.parentId), own) : null;
      return [v.id, { change, differsFromCurrent: currentId !== null && compare(own, current) !== null }];
    }),
  );
}
