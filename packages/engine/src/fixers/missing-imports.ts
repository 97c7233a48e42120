import type { UiModule } from '../context/exports';
import { FALLBACK_ICON } from './lucide-icons';

export interface ImportFixResult {
  content: string;
  /** Human-readable notes of what was changed (shown in the chat's check result). */
  fixes: string[];
  /** Names used as components but neither declared, imported, a UI component nor an icon. */
  unresolved: string[];
}

const IDENT = '[A-Z][\\w$]*';
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Capitalised names used as JSX tags (`<Button`, `</Button>`) or passed as values in JSX (`icon={Plus}`). */
function componentUses(code: string): Set<string> {
  const names = new Set<string>();
  for (const m of code.matchAll(new RegExp(`</?(${IDENT})(?=[\\s/>])`, 'g'))) names.add(m[1]!);
  for (const m of code.matchAll(new RegExp(`=\\{(${IDENT})\\}`, 'g'))) names.add(m[1]!);
  return names;
}

// Words in JSX text and strings (`<h2>Settings</h2>`, placeholder="Search") name nothing: only code can
// declare. One line at a time, so a stray `>` or quote never hides code further down.
const JSX_TEXT = />[^<>{}\n]*</g;
const STRING = /(['"])(?:\\.|(?!\1)[^\\\n])*\1/g;

/** A name counts as declared when it occurs in code anywhere besides those uses: we never add a second binding. */
function isDeclared(code: string, name: string): boolean {
  const n = escapeRe(name);
  const stripped = code
    .replace(JSX_TEXT, '><')
    .replace(STRING, '""')
    .replace(new RegExp(`</?${n}(?=[\\s/>])|=\\{${n}\\}`, 'g'), '');
  return new RegExp(`(^|[^\\w$.])${n}(?![\\w$])`).test(stripped);
}

/** Index after the last top-of-file import statement, or 0. */
function importInsertionPoint(code: string): number {
  const re = /^import\s[\s\S]*?['"][^'"\n]+['"];?[ \t]*$/gm;
  let end = 0;
  for (const m of code.matchAll(re)) {
    const before = code.slice(end, m.index);
    // Stop at the first statement that is not an import: later matches are not top-of-file imports.
    if (end > 0 && /^\s*(?:export|function|const|let|var|class|type|interface)\b/m.test(before)) break;
    end = m.index + m[0].length;
  }
  return end;
}

function addNamedImport(code: string, module: string, names: string[]): string {
  const existing = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*(['"])${escapeRe(module)}\\2`);
  const m = existing.exec(code);
  if (m) {
    const current = m[1]!
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const merged = [...current, ...names.filter((n) => !current.includes(n))];
    return code.slice(0, m.index) + `import { ${merged.join(', ')} } from ${m[2]}${module}${m[2]}` + code.slice(m.index + m[0].length);
  }
  const line = `import { ${names.join(', ')} } from '${module}';`;
  const at = importInsertionPoint(code);
  return at === 0 ? `${line}\n${code}` : `${code.slice(0, at)}\n${line}${code.slice(at)}`;
}

/** Imports from lucide-react of names it does not export become the neutral icon under the same local name. */
function swapUnknownIcons(code: string, icons: ReadonlySet<string>, fixes: string[]): string {
  return code.replace(/import\s*\{([^}]*)\}\s*from\s*(['"])lucide-react\2/g, (whole, list: string, q: string) => {
    let changed = false;
    const items = list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((item) => {
        const [imported, local] = item.split(/\s+as\s+/).map((s) => s.trim()) as [string, string | undefined];
        if (item.startsWith('type ') || icons.has(imported)) return item;
        changed = true;
        fixes.push(`lucide-react has no icon ${imported}; used ${FALLBACK_ICON} instead`);
        return `${FALLBACK_ICON} as ${local ?? imported}`;
      });
    return changed ? `import { ${items.join(', ')} } from ${q}lucide-react${q}` : whole;
  });
}

/**
 * Adds imports a component file forgot: UI components (`Button` → `@/components/ui/button`) and
 * lucide icons, only for names used in JSX and not declared or imported; swaps icons lucide-react
 * does not have for a neutral one.
 */
export function fixMissingImports(path: string, code: string, ui: UiModule[], icons: ReadonlySet<string>): ImportFixResult {
  if (!/\.[jt]sx$/.test(path)) return { content: code, fixes: [], unresolved: [] };
  const fixes: string[] = [];
  let content = swapUnknownIcons(code, icons, fixes);
  const byModule = new Map<string, string[]>();
  const unresolved: string[] = [];
  for (const name of componentUses(content)) {
    if (isDeclared(content, name)) continue;
    const module = ui.find((m) => m.exports.includes(name))?.module ?? (icons.has(name) ? 'lucide-react' : null);
    if (!module) {
      unresolved.push(name);
      continue;
    }
    byModule.set(module, [...(byModule.get(module) ?? []), name]);
  }
  for (const [module, names] of byModule) {
    content = addNamedImport(content, module, names);
    fixes.push(`added import { ${names.join(', ')} } from '${module}' in ${path}`);
  }
  return { content, fixes, unresolved };
}
