// Every repository path a document names must exist, and no link may leave the repository.
//
// Which code spans are repository paths (links always are, unless they have a scheme such as https:):
// - a span with whitespace, a colon (URLs, `host:port`, `file:line`), an `=`, a leading `/` (routes,
//   system paths such as `/usr/bin/chromium`), `@` (npm package names) or `-` (command-line flags) is
//   not a path at all;
// - a span with a glob or placeholder character — `*`, `{`, `}`, `<`, `>`, `…`, `...`, `$`, `?`, `|` —
//   is a pattern or an example (`checks/*.json`, `eval/results/<suite>-latest.json`) and is not checked;
// - otherwise a span is a path when it starts with `./` or `../`, or its first segment is a top-level
//   entry of the repository or of the document's own folder (`apps/api`, `src/schema.ts`), or it ends
//   with `/` (a folder: `run/`), or it ends with an extension that the repository's files have
//   (`chat-sender.ts`, `suite.json`). Everything else (`motion/react`, `preview.ready`) is a name.
//
// Where a path may be found, in order (a path starting with `./` or `../` only beside the document):
// the repository root; the document's folder and its `src/` (a package's README names its modules
// from there); the folders of the paths the document named before it,
// nearest first, and each of their parents (a walkthrough names `packages/engine/src/run/run-manager.ts`
// once, then `run/fix-loop.ts`); the starter project (`packages/template/files/`), whose files the
// docs name from a project's root.
// A path nowhere to be found is still fine when git ignores it there (it is generated: `./data`,
// `dist/`, `bench/results/latest.json`) or when its first segment is a top-level folder of the starter
// project (`client/src/components/TaskCard.tsx` is a file of someone's project, not of ours). A file
// of a person's project that the starter does not have is linked to the doc that describes it: a code
// span that is a link's text is a label, and the link is what is checked.

import path from 'node:path';
import { readMarkdown } from './markdown';

const STARTER_PROJECT = 'packages/template/files';

export interface RepoTree {
  /** Repository-relative paths of the files the repository holds, forward slashes. */
  files: readonly string[];
  /** Whether git ignores this repository-relative path (it need not exist). */
  isIgnored: (p: string) => boolean;
}

export interface Doc {
  path: string;
  text: string;
}

export interface DocProblem {
  doc: string;
  line: number;
  /** The path or link as the document writes it. */
  named: string;
  message: string;
}

const NOT_A_PATH = /[\s:=]|^[/@-]/;
const PATTERN = /[*{}<>…$?|]|\.\.\./;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

export function checkDocPaths(tree: RepoTree, docs: readonly Doc[]): DocProblem[] {
  const index = indexOf(tree);
  const anchorsOf = memo((doc: string) => {
    const text = docs.find((d) => d.path === doc)?.text;
    return text === undefined ? null : readMarkdown(text).anchors;
  });
  const problems: DocProblem[] = [];
  for (const doc of docs) {
    const docDir = dirOf(doc.path);
    const named: string[] = []; // folders of the paths found so far, most recent last
    const found = (p: string) => named.push(index.files.has(p) ? dirOf(p) : p);
    const problem = (line: number, text: string, message: string) => problems.push({ doc: doc.path, line, named: text, message });
    for (const { kind, text, line } of readMarkdown(doc.text).mentions) {
      if (kind === 'link') {
        if (SCHEME.test(text) && !/^file:/i.test(text)) continue;
        const [target = '', anchor] = text.split('#', 2) as [string, string | undefined];
        const resolved = /^file:/i.test(text) ? null : inside(target.startsWith('/') ? target.slice(1) : path.posix.join(docDir, target));
        if (resolved === null) problem(line, text, 'links outside the repository');
        else if (!index.exists(resolved)) problem(line, text, `links to ${resolved}, which does not exist`);
        else {
          const onPage = target === '' ? doc.path : resolved;
          const anchors = anchor && onPage.endsWith('.md') ? anchorsOf(onPage) : null;
          if (anchors && !anchors.has(anchor!)) problem(line, text, `links to a heading ${onPage} does not have (#${anchor})`);
          if (target !== '') found(resolved);
        }
        continue;
      }
      const [spanPath = '', spanAnchor] = text.split('#', 2) as [string, string | undefined];
      if (!isPathLike(spanPath, docDir, index)) continue;
      const where = locate(spanPath, docDir, named, index, tree);
      if ('problem' in where) {
        if (where.problem) problem(line, text, where.problem);
        continue;
      }
      found(where.path);
      const anchors = spanAnchor && where.path.endsWith('.md') ? anchorsOf(where.path) : null;
      if (anchors && !anchors.has(spanAnchor!)) problem(line, text, `names a heading ${where.path} does not have (#${spanAnchor})`);
    }
  }
  return problems;
}

const MISSING =
  'names a path that does not exist (looked for from the repository root, beside the document, in its src/, beside the paths it named before and in the starter project)';

/** Where a path a code span names is, or why it needs none (problem: null) or what is wrong. */
function locate(spanPath: string, docDir: string, named: readonly string[], index: TreeIndex, tree: RepoTree): { path: string } | { problem: string | null } {
  const spelled = spanPath.replace(/\/+$/, '');
  if (/^\.\.?\//.test(spanPath)) {
    const resolved = inside(path.posix.join(docDir, spelled));
    if (resolved === null) return { problem: 'names a path outside the repository' };
    if (index.exists(resolved)) return { path: resolved };
    return { problem: tree.isIgnored(resolved) ? null : `names ${resolved}, which does not exist` };
  }
  const bases = ['', docDir, path.posix.join(docDir, 'src'), ...[...named].reverse().flatMap(withParents), STARTER_PROJECT];
  const hit = bases.map((base) => path.posix.join(base, spelled)).find((p) => index.exists(p));
  if (hit !== undefined) return { path: hit };
  // Built, not written: git ignores it from the root, beside the document or in the starter project.
  if (['', docDir, STARTER_PROJECT].some((base) => tree.isIgnored(path.posix.join(base, spelled)))) return { problem: null };
  if (index.starterTop.has(firstSegment(spelled))) return { problem: null }; // a file of someone's project
  return { problem: MISSING };
}

/** The rules above, for one code span. */
function isPathLike(span: string, docDir: string, index: Pick<TreeIndex, 'topOf' | 'extensions'>): boolean {
  if (span === '' || NOT_A_PATH.test(span) || PATTERN.test(span)) return false;
  if (/^\.\.?\//.test(span) || span.endsWith('/')) return true;
  const first = firstSegment(span);
  if (index.topOf('').has(first) || index.topOf(docDir).has(first)) return true;
  const name = span.slice(span.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 && index.extensions.has(name.slice(dot + 1));
}

interface TreeIndex {
  files: Set<string>;
  exists: (p: string) => boolean;
  /** The names of a folder's entries. */
  topOf: (dir: string) => Set<string>;
  /** Extensions of the repository's file names (`ts`, `md`, `json`, …). */
  extensions: Set<string>;
  /** Top-level entries of the starter project (`client`, `package.json`, …). */
  starterTop: Set<string>;
}

function indexOf(tree: Pick<RepoTree, 'files'>): TreeIndex {
  const files = new Set(tree.files);
  const dirs = new Set<string>(['']);
  const entries = new Map<string, Set<string>>();
  const extensions = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    for (let i = 0; i < parts.length; i++) {
      const dir = parts.slice(0, i).join('/');
      dirs.add(dir);
      if (!entries.has(dir)) entries.set(dir, new Set());
      entries.get(dir)!.add(parts[i]!);
    }
    const name = parts[parts.length - 1]!;
    const dot = name.lastIndexOf('.');
    if (dot > 0) extensions.add(name.slice(dot + 1));
  }
  const topOf = (dir: string) => entries.get(dir) ?? new Set<string>();
  return { files, exists: (p) => files.has(p) || dirs.has(p), topOf, extensions, starterTop: topOf(STARTER_PROJECT) };
}

const dirOf = (p: string) => {
  const d = path.posix.dirname(p);
  return d === '.' ? '' : d;
};
const firstSegment = (p: string) => p.split('/')[0]!;

/** A folder and its parents, without the root (which is always tried first). */
function withParents(dir: string): string[] {
  const out: string[] = [];
  for (let d = dir; d !== ''; d = dirOf(d)) out.push(d);
  return out;
}

/** The repository-relative form of a joined path, or null when it leaves the repository. */
function inside(joined: string): string | null {
  const normal = path.posix.normalize(joined).replace(/\/+$/, '');
  if (normal === '.' || normal === '') return '';
  return normal.startsWith('../') || normal === '..' || normal.startsWith('/') ? null : normal;
}

function memo<T>(f: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    if (!cache.has(key)) cache.set(key, f(key));
    return cache.get(key)!;
  };
}
