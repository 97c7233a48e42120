import type { File } from '@babel/types';
import type { UiModule } from '../context/exports';
import { importInsertionPoint } from '../syntax/module-references';
import { declaredNames, jsxNames, type NameUse } from '../syntax/names';
import { parseModule } from '../syntax/parse-module';
import { FALLBACK_ICON } from './lucide-icons';

export interface ImportFixResult {
  content: string;
  /** Human-readable notes of what was changed (shown in the chat's check result). */
  fixes: string[];
  /** JSX elements whose name is neither declared, imported, a UI component nor an icon (first use of each). */
  unresolved: NameUse[];
}

// A bare attribute value that names a global (`max={Infinity}`, `value={Date}`) means the global, even
// where lucide has an icon of that name: a fixer never shadows one.
const GLOBAL_VALUES = new Set([
  ...Object.getOwnPropertyNames(globalThis).filter((n) => /^[A-Z]/.test(n)),
  ...['Image', 'Audio', 'Option', 'File', 'Blob', 'Text', 'Node', 'Element', 'Document', 'Window', 'Event', 'Worker', 'Notification', 'Storage'],
]);

const splice = (code: string, start: number, end: number, text: string) => code.slice(0, start) + text + code.slice(end);

/** Imports from lucide-react of names it does not export become the neutral icon under the same local name. */
function swapUnknownIcons(path: string, code: string, icons: ReadonlySet<string>, fixes: string[]): string {
  const tree = parseModule(path, code);
  if (!tree) return code;
  const swaps: { start: number; end: number; text: string }[] = [];
  for (const statement of tree.program.body) {
    if (statement.type !== 'ImportDeclaration' || statement.source.value !== 'lucide-react' || statement.importKind === 'type') continue;
    for (const s of statement.specifiers) {
      if (s.type !== 'ImportSpecifier' || s.importKind === 'type') continue;
      const imported = s.imported.type === 'Identifier' ? s.imported.name : s.imported.value;
      if (icons.has(imported)) continue;
      fixes.push(`lucide-react has no icon ${imported}; used ${FALLBACK_ICON} instead`);
      swaps.push({ start: s.start!, end: s.end!, text: `${FALLBACK_ICON} as ${s.local.name}` });
    }
  }
  return swaps.reduceRight((out, s) => splice(out, s.start, s.end, s.text), code);
}

/** Adds `names` to the file's value import of `module` when it has one that can take them, else a new import line. */
function addNamedImport(tree: File, code: string, module: string, names: string[]): string {
  for (const statement of tree.program.body) {
    if (statement.type !== 'ImportDeclaration' || statement.source.value !== module || statement.importKind === 'type') continue;
    const specifiers = statement.specifiers;
    if (specifiers.some((s) => s.type === 'ImportNamespaceSpecifier')) continue;
    const last = specifiers[specifiers.length - 1];
    if (last?.type === 'ImportSpecifier') return splice(code, last.end!, last.end!, `, ${names.join(', ')}`);
    if (last?.type === 'ImportDefaultSpecifier') return splice(code, last.end!, last.end!, `, { ${names.join(', ')} }`);
  }
  const line = `import { ${names.join(', ')} } from '${module}';`;
  const at = importInsertionPoint(tree);
  return at === 0 ? `${line}\n${code}` : `${code.slice(0, at)}\n${line}${code.slice(at)}`;
}

/**
 * Adds imports a component file forgot: UI components (`Button` → `@/components/ui/button`) and
 * lucide icons, for names a JSX element (or a whole attribute value, `icon={Plus}`) uses and the file
 * binds nowhere; swaps icons lucide-react does not have for a neutral one. Reads the syntax tree, so
 * type arguments, strings, comments and JSX text never count as uses.
 */
export function fixMissingImports(path: string, code: string, ui: UiModule[], icons: ReadonlySet<string>): ImportFixResult {
  if (!/\.[jt]sx$/.test(path)) return { content: code, fixes: [], unresolved: [] };
  const fixes: string[] = [];
  let content = swapUnknownIcons(path, code, icons, fixes);
  const tree = parseModule(path, content);
  if (!tree) return { content, fixes, unresolved: [] };
  const declared = declaredNames(tree);
  const { elements, values } = jsxNames(tree);
  const byModule = new Map<string, string[]>();
  const unresolved: NameUse[] = [];
  const seen = new Set<string>();
  for (const use of [...elements, ...values.filter((v) => !GLOBAL_VALUES.has(v.name))]) {
    if (declared.has(use.name) || seen.has(use.name)) continue;
    seen.add(use.name);
    const module = ui.find((m) => m.exports.includes(use.name))?.module ?? (icons.has(use.name) ? 'lucide-react' : null);
    if (module) byModule.set(module, [...(byModule.get(module) ?? []), use.name]);
    // A bare attribute value may be any global (`max={Infinity}`): only elements are reported.
    else if (elements.includes(use)) unresolved.push(use);
  }
  for (const [module, names] of byModule) {
    const current = parseModule(path, content);
    if (!current) break;
    content = addNamedImport(current, content, module, names);
    fixes.push(`added import { ${names.join(', ')} } from '${module}' in ${path}`);
  }
  return { content, fixes, unresolved };
}
