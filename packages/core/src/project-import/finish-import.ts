import { DATA_RULES_PATH, parseDataRules } from '../app-data/rules';
import { craEntry, craPage, holdsJsx } from './cra-app';
import { importManifest } from './import-manifest';
import type { ImportFailure, ImportPlan } from './plan-import';
import type { SkippedFile } from './skipped-files';

/** A project made from an import: its files in Sprout's layout, and what was left out and why. */
export type ImportResult = { ok: true; files: { path: string; content: string }[]; skipped: SkippedFile[] } | ImportFailure;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const PAGE = 'client/index.html';
const ENTRIES = ['client/src/main.tsx', 'client/src/main.ts', 'client/src/main.jsx', 'client/src/main.js'];

function textOf(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

/** CRA's .js files that hold JSX become .jsx (imports without an extension still find them), unless the name is taken. */
function renameJsx(files: Map<string, string>): void {
  const lower = new Set([...files.keys()].map((p) => p.toLowerCase()));
  for (const [path, content] of [...files]) {
    if (!/^client\/src\/.*\.js$/.test(path) || !holdsJsx(content)) continue;
    const to = `${path}x`;
    if (lower.has(to.toLowerCase())) continue;
    files.delete(path);
    files.set(to, content);
    lower.add(to.toLowerCase());
  }
}

/**
 * The second step of an import: the planned files read (`contents`, by their listed path), held to
 * what a version may hold — UTF-8 text, a package.json without install scripts (removed, and said
 * so), valid data rules — and turned into Sprout's layout (CRA's page and JSX files). Refused when
 * what is left has no page or entry module to run.
 */
export function finishImport(plan: Extract<ImportPlan, { ok: true }>, contents: ReadonlyMap<string, Uint8Array>): ImportResult {
  const { skipped } = plan;
  const files = new Map<string, string>();
  for (const read of plan.reads) {
    const bytes = contents.get(read.from);
    const text = bytes ? textOf(bytes) : null;
    if (text === null) {
      skipped.file(read.shown, bytes ? 'Not a text file (UTF-8): Sprout projects hold text files only.' : 'It could not be read.');
      continue;
    }
    if (read.to === 'package.json') {
      const manifest = importManifest(text);
      if (!manifest.ok) {
        skipped.file(read.shown, manifest.reason);
        continue;
      }
      for (const reason of manifest.removed) skipped.file(read.shown, reason);
      files.set(read.to, manifest.content);
      continue;
    }
    if (read.to === DATA_RULES_PATH) {
      const rules = parseDataRules(text);
      if (!rules.ok) {
        skipped.file(read.shown, `Its data rules are not valid (${rules.problems.slice(0, 2).join('; ')}); Sprout's defaults apply until they are fixed.`);
        continue;
      }
    }
    files.set(read.to, text);
  }
  if (plan.layout === 'cra') {
    renameJsx(files);
    const page = files.get(PAGE);
    const entry = craEntry(files.keys());
    if (page !== undefined && entry) files.set(PAGE, craPage(page, entry.slice('client/'.length)));
  }
  if (!files.has(PAGE) && !ENTRIES.some((e) => files.has(e))) {
    return {
      ok: false,
      reason: 'not_a_project',
      message: 'This does not look like a Vite or React project: its page (index.html) and entry module (src/main) could not be imported.',
    };
  }
  return { ok: true, files: [...files].map(([path, content]) => ({ path, content })).sort((a, b) => (a.path < b.path ? -1 : 1)), skipped: skipped.list() };
}
