import { asksForSharedData, DATA_RULES_PATH, declaresPayments, parseDataRules, PAYMENTS_DECLARED, type DataRules } from '@sprout/core';
import { exportsOf } from '../context/exports';
import { collectionCalls } from '../syntax/collection-calls';
import { moduleReferences } from '../syntax/module-references';
import { isCodeModule, parseModule } from '../syntax/parse-module';
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
  'functions',
  'useFunction',
  'ai',
  'useChat',
  'AiMessage',
  'payments',
  'CheckoutItem',
  'CheckoutOptions',
  'track',
];
const CLIENT_VALUES = ['db', 'auth', 'files', 'functions', 'ai', 'payments', 'useCollection', 'useUser', 'useFunction', 'useChat', 'SproutError', 'track'];

// Rules problems (a file that does not parse, shared data without rules) are "data" issues; wrong
// client imports are import issues like any other.
const RULES_SOURCE: CheckIssue['source'] = 'data';
const IMPORT_SOURCE: CheckIssue['source'] = 'imports';

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

const referencesOf = (path: string, content: string) => {
  const tree = parseModule(path, content);
  return tree ? moduleReferences(tree) : [];
};

/** The names a file imports (or re-exports) from the client library. */
export function clientNamesImported(path: string, content: string): string[] {
  return referencesOf(path, content)
    .filter((r) => (r.kind === 'import' || r.kind === 'export') && isClientSpecifier(path, r.source))
    .flatMap((r) => r.names.map((n) => n.imported));
}

/** Whether the file imports the client library at all. */
export function importsClient(path: string, content: string): boolean {
  return referencesOf(path, content).some((r) => isClientSpecifier(path, r.source));
}

/** Imports from the client library of names it does not export, in the changed files. */
export function clientImportIssues(files: ReadonlyMap<string, string>, changed: Iterable<string>): CheckIssue[] {
  const own = files.get(CLIENT_PATH);
  const ownExports = own === undefined ? [] : exportsOf(own, CLIENT_PATH);
  const exported = new Set(ownExports.length ? ownExports : CLIENT_EXPORTS);
  const values = CLIENT_VALUES.filter((n) => exported.has(n));
  const out: CheckIssue[] = [];
  for (const path of changed) {
    const content = files.get(path);
    if (content === undefined || !isCodeModule(path) || path === CLIENT_PATH) continue;
    for (const ref of referencesOf(path, content)) {
      if ((ref.kind !== 'import' && ref.kind !== 'export') || !isClientSpecifier(path, ref.source)) continue;
      for (const { imported } of ref.names) {
        if (imported === '*' || exported.has(imported)) continue;
        const what = imported === 'default' ? 'has no default export' : `does not export "${imported}"`;
        out.push(issue(IMPORT_SOURCE, path, `'${ref.source}' (the app's backend client) ${what}. It exports ${values.join(', ')} and its types.`, ref.line));
      }
    }
  }
  return out;
}

/** The collections code names literally (`db.collection('x')`, `useCollection('x')`), with the line of their first use. */
export function collectionsUsed(path: string, content: string): Map<string, number> {
  const tree = parseModule(path, content);
  return tree ? collectionCalls(tree) : new Map();
}

/**
 * When the request asks for shared data (core's `chooseDataSharing`, the decision the offline builder's rules follow): every collection the changed files use that the rules leave to
 * the per-visitor default, where nobody but its author would ever see a document.
 */
export function undeclaredSharedIssues(rules: DataRules, files: ReadonlyMap<string, string>, changed: Iterable<string>, request: string): CheckIssue[] {
  if (!asksForSharedData(request)) return [];
  const out: CheckIssue[] = [];
  const reported = new Set<string>();
  for (const path of changed) {
    const content = files.get(path);
    if (content === undefined || !isCodeModule(path) || path === CLIENT_PATH) continue;
    for (const [name, line] of collectionsUsed(path, content)) {
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
  const text = files.get(DATA_RULES_PATH) ?? null;
  const parsed = parseDataRules(text);
  return [
    ...(parsed.ok ? [] : parsed.problems.map((p) => issue(RULES_SOURCE, DATA_RULES_PATH, p))),
    ...(declaresPayments(text) ? [issue(RULES_SOURCE, DATA_RULES_PATH, PAYMENTS_DECLARED)] : []),
    ...clientImportIssues(files, changedList),
    // What a broken rules file declares is not known: its own problems come first.
    ...(parsed.ok ? undeclaredSharedIssues(parsed.rules, files, changedList, request) : []),
  ];
}
