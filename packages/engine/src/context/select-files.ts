import { UI_DIR } from './exports';

/** Projects whose files total more than this are sent condensed (when enableCondensedContext is on). */
export const CONDENSE_ABOVE_BYTES = 40_000;
/** How much file content a condensed context sends in full at most. */
const CONDENSED_BUDGET_BYTES = 32_000;

const CODE_EXT = ['.tsx', '.ts', '.jsx', '.js', '.css'];
const IMPORT_RE = /\b(?:import|export)\s+(?:type\s+)?(?:[\w$*{}\s,]+?\s+from\s+)?['"]([^'"\n]+)['"]|\bimport\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g;

/** An image placed into the project as a module (`export default 'data:image/png;base64,...'`): never worth sending. */
export function isAssetModule(content: string): boolean {
  return content.startsWith("export default 'data:") || content.startsWith('export default "data:');
}

function join(dir: string, rel: string): string | null {
  const out = dir ? dir.split('/') : [];
  for (const part of rel.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (!out.length) return null;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
}

/** The project files a file imports (relative and `@/` imports), resolved like the preview does. */
export function localImports(path: string, content: string, files: ReadonlyMap<string, string>): string[] {
  const found = new Set<string>();
  const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  for (const m of content.matchAll(IMPORT_RE)) {
    const spec = m[1] ?? m[2]!;
    const base = spec.startsWith('@/') ? join('client/src', spec.slice(2)) : spec.startsWith('.') ? join(dir, spec) : null;
    if (!base) continue;
    const candidates = [base, ...CODE_EXT.map((e) => base + e), ...CODE_EXT.map((e) => `${base}/index${e}`)];
    const hit = candidates.find((c) => files.has(c));
    if (hit) found.add(hit);
  }
  return [...found];
}

const baseName = (p: string) => p.slice(p.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The words of a file name: `SettingsPage`, `settings-page` and `settings_page` are "settings page". */
const nameWords = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean);

/** Files the request names: by path, or by file name as whole words (TaskCard, "task card", task-card.tsx). */
export function namedFiles(request: string, files: ReadonlyMap<string, string>): string[] {
  const text = request.toLowerCase();
  const out: string[] = [];
  for (const path of files.keys()) {
    const words = nameWords(baseName(path));
    if (text.includes(path.toLowerCase())) out.push(path);
    else if (
      words.join('').length >= 4 &&
      words.join('') !== 'index' &&
      new RegExp(`(^|[^\\w-])${words.map(escapeRe).join('[\\s_-]?')}(\\.\\w+)?($|[^\\w-])`).test(text)
    )
      out.push(path);
  }
  return out;
}

/**
 * The files a condensed context sends in full, most relevant first: the ones the request names,
 * the recently changed ones, App.tsx, then what those import. UI components are listed in the
 * system prompt and only sent when named. Stops at the byte budget.
 */
export function selectRelevantFiles(files: ReadonlyMap<string, string>, o: { request: string; recentlyChanged: string[]; budgetBytes?: number }): string[] {
  const budget = o.budgetBytes ?? CONDENSED_BUDGET_BYTES;
  const named = namedFiles(o.request, files);
  const seeds = [...named, ...o.recentlyChanged.filter((p) => !p.startsWith(UI_DIR)), 'client/src/App.tsx'].filter((p) => files.has(p));
  const ordered: string[] = [];
  const add = (p: string) => {
    if (!ordered.includes(p) && !isAssetModule(files.get(p)!)) ordered.push(p);
  };
  seeds.forEach(add);
  for (const seed of [...ordered]) {
    for (const dep of localImports(seed, files.get(seed)!, files)) if (!dep.startsWith(UI_DIR) || named.includes(dep)) add(dep);
  }
  const picked: string[] = [];
  let used = 0;
  for (const p of ordered) {
    const size = files.get(p)!.length;
    if (used + size > budget && picked.length > 0) continue;
    picked.push(p);
    used += size;
  }
  return picked;
}
