import { DATA_RULES_PATH, parseDataRules, type DataRules } from '@sprout/core';
import { exportsOf } from '../context/exports';
import { issue, type CheckIssue } from './issues';

// Checks of the app's backend use (docs/app-backend.md): the rules file, imports from the client library,
// and shared data the rules leave per visitor. Reported as issues a fix round must repair.

/** The client library every project has, imported as `@/lib/sprout`. */
export const CLIENT_PATH = 'client/src/lib/sprout.ts';
const CLIENT_MODULE = 'client/src/lib/sprout';

/**
 * What the template's client exports (its test reads the real file). A project's own copy is read instead
 * when it has one, so a client the project extended is not held against it.
 */
export const CLIENT_EXPORTS: readonly string[] = [
  'SproutError',
  'db',
  'useCollection',
  'useUser',
  'auth',
  'files',
  'DocData',
  'SproutDoc',
  'Filter',
  'ListQuery',
  'Page',
  'Patch',
  'SproutUser',
  'SproutFile',
  'Collection',
  'Credentials',
];
const CLIENT_VALUES = ['db', 'auth', 'files', 'useCollection', 'useUser', 'SproutError'];

// Rules problems (a file that does not parse, shared data without rules) are "data" issues; wrong
// client imports are import issues like any other.
const RULES_SOURCE: CheckIssue['source'] = 'data';
const IMPORT_SOURCE: CheckIssue['source'] = 'imports';

const CODE = /\.(?:tsx?|jsx?|mjs)$/;
// `import x, { a, b as c } from '…'` and `export { a } from '…'`: the clause holds no quote or semicolon,
// so a match never runs from one statement into the next.
const IMPORT = /\b(import|export)\s+(?:type\s+)?([^'";]*?)\s*\bfrom\s*['"]([^'"\n]+)['"]/g;

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** The project file a `@/` or relative specifier points to, without extension; null for packages. */
function resolveSpecifier(from: string, spec: string): string | null {
  let parts: string[];
  if (spec.startsWith('@/')) parts = ['client', 'src', ...spec.slice(2).split('/')];
  else if (spec.startsWith('./') || spec.startsWith('../')) parts = [...from.split('/').slice(0, -1), ...spec.split('/')];
  else return null;
  const out: string[] = [];
  for (const part of parts) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/').replace(/\.(?:tsx?|jsx?)$/, '');
}

/** Whether a specifier written in `from` is the client library. */
export function isClientSpecifier(from: string, spec: string): boolean {
  return resolveSpecifier(from, spec) === CLIENT_MODULE;
}

/** The names an import or re-export clause takes: `default` for a default import, none for `* as x`. */
function importedNames(clause: string): string[] {
  const names: string[] = [];
  const braces = /\{([^}]*)\}/.exec(clause);
  const outside = clause
    .replace(/\{[^}]*\}/, '')
    .replace(/,/g, ' ')
    .trim();
  if (outside && !outside.startsWith('*')) names.push('default');
  for (const part of braces?.[1]?.split(',') ?? []) {
    const name = part
      .trim()
      .replace(/^type\s+/, '')
      .split(/\s+as\s+/)[0]!
      .trim();
    if (name) names.push(name);
  }
  return names;
}

const DYNAMIC_IMPORT = /\bimport\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g;

/** Whether the file imports the client library at all. */
export function importsClient(path: string, content: string): boolean {
  return (
    [...content.matchAll(IMPORT)].some((m) => isClientSpecifier(path, m[3]!)) ||
    [...content.matchAll(DYNAMIC_IMPORT)].some((m) => isClientSpecifier(path, m[1]!))
  );
}

/** Imports from the client library of names it does not export, in the changed files. */
export function clientImportIssues(files: ReadonlyMap<string, string>, changed: Iterable<string>): CheckIssue[] {
  const own = files.get(CLIENT_PATH);
  const ownExports = own === undefined ? [] : exportsOf(own);
  const exported = new Set(ownExports.length ? ownExports : CLIENT_EXPORTS);
  const values = CLIENT_VALUES.filter((n) => exported.has(n));
  const out: CheckIssue[] = [];
  for (const path of changed) {
    const content = files.get(path);
    if (content === undefined || !CODE.test(path) || path === CLIENT_PATH) continue;
    for (const m of content.matchAll(IMPORT)) {
      if (!isClientSpecifier(path, m[3]!)) continue;
      for (const name of importedNames(m[2]!)) {
        if (exported.has(name)) continue;
        const what = name === 'default' ? 'has no default export' : `does not export "${name}"`;
        out.push(
          issue(IMPORT_SOURCE, path, `'${m[3]}' (the app's backend client) ${what}. It exports ${values.join(', ')} and its types.`, lineOf(content, m.index)),
        );
      }
    }
  }
  return out;
}

// Requests whose data other people must see: the owner reading what visitors send, visitors seeing each other's.
const SHARED_DATA =
  /\b(?:every(?:one|body)|all (?:the )?(?:users|visitors|members)|other (?:users|visitors|people)|teams?|teammates?|shared?|sharing|owner (?:sees|can see|reads)|submissions?|bookings?|reservations?|guest ?books?|leaderboards?|wait ?lists?|rsvps?|multiplayer|collaborat\w*)\b/i;

/** Whether the person's request asks for data other people must see. */
export function asksForSharedData(request: string): boolean {
  return SHARED_DATA.test(request);
}

const COLLECTION_CALL = /\b(?:db\s*\.\s*collection|useCollection)\s*(?:<[^>()]*>)?\s*\(\s*(['"`])([A-Za-z][\w-]*)\1/g;

/** The collections code names literally (`db.collection('x')`, `useCollection('x')`), with the line of their first use. */
export function collectionsUsed(content: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of content.matchAll(COLLECTION_CALL)) if (!out.has(m[2]!)) out.set(m[2]!, lineOf(content, m.index));
  return out;
}

/**
 * When the request asks for shared data: every collection the changed files use that the rules leave to
 * the per-visitor default, where nobody but its author would ever see a document.
 */
export function undeclaredSharedIssues(rules: DataRules, files: ReadonlyMap<string, string>, changed: Iterable<string>, request: string): CheckIssue[] {
  if (!asksForSharedData(request)) return [];
  const out: CheckIssue[] = [];
  const reported = new Set<string>();
  for (const path of changed) {
    const content = files.get(path);
    if (content === undefined || !CODE.test(path) || path === CLIENT_PATH) continue;
    for (const [name, line] of collectionsUsed(content)) {
      if (Object.hasOwn(rules.collections, name) || reported.has(name)) continue;
      reported.add(name);
      out.push(
        issue(
          RULES_SOURCE,
          path,
          `Collection "${name}" is not declared in ${DATA_RULES_PATH}, so each visitor sees only what they added themselves, ` +
            `but this app shares its data. Declare it under "collections" with the narrowest level each operation needs ` +
            `(create, read, update, delete: anyone, signed-in, creator or nobody = only the owner).`,
          line,
        ),
      );
    }
  }
  return out;
}

/**
 * The app-backend checks of a round: the rules file (whether or not the run changed it: the backend refuses
 * every request of a version whose rules do not parse, each problem its own issue), client imports, and
 * shared collections left undeclared.
 */
export function dataIssues(files: ReadonlyMap<string, string>, changed: Iterable<string>, request = ''): CheckIssue[] {
  const changedList = [...changed];
  const parsed = parseDataRules(files.get(DATA_RULES_PATH) ?? null);
  return [
    ...(parsed.ok ? [] : parsed.problems.map((p) => issue(RULES_SOURCE, DATA_RULES_PATH, p))),
    ...clientImportIssues(files, changedList),
    // What a broken rules file declares is not known: its own problems come first.
    ...(parsed.ok ? undeclaredSharedIssues(parsed.rules, files, changedList, request) : []),
  ];
}
