import { parseBareSpecifier } from '@sprout/preview';
import { moduleReferences, type ImportedName, type ModuleReference } from '../syntax/module-references';
import { declaredNames } from '../syntax/names';
import { isCodeModule, parseModule } from '../syntax/parse-module';
import { namespaceExports, packageExports } from './package-exports';

// Models keep writing the names packages had when they were trained: `framer-motion` years after it
// became `motion`, one `@radix-ui/react-*` package per primitive where Sprout has the single
// `radix-ui`. Where Sprout offers the same library under another name, the import is rewritten and
// the run says so; refusing it would burn every fix round on a name.

interface Rename {
  /** The specifier models write. */
  from: string;
  /** The specifier Sprout offers with the same API. */
  to: string;
  /** A default import becomes this named import (react-hot-toast's default `toast` is sonner's named `toast`). */
  defaultAs?: string;
  /** Whether the target has a default export a default import may keep. */
  keepsDefault?: boolean;
  why: string;
}

const PACKAGE_RENAMES: readonly Rename[] = [
  { from: 'framer-motion', to: 'motion/react', why: 'framer-motion is now published as motion; its React API is motion/react' },
  { from: 'framer-motion/dom', to: 'motion', why: 'framer-motion is now published as motion' },
  { from: 'framer-motion/m', to: 'motion/react-m', why: 'framer-motion is now published as motion' },
  { from: 'framer-motion/client', to: 'motion/react-client', why: 'framer-motion is now published as motion' },
  { from: 'react-router', to: 'react-router-dom', why: 'react-router-dom re-exports all of react-router' },
  { from: 'classnames', to: 'clsx', keepsDefault: true, why: 'clsx is a drop-in replacement for classnames' },
  { from: 'react-hot-toast', to: 'sonner', defaultAs: 'toast', why: 'sonner has the same toast() and <Toaster />' },
];

const RADIX = /^@radix-ui\/react-([a-z]+(?:-[a-z]+)*)$/;
const pascal = (kebab: string) => kebab.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());

export interface RenameResult {
  content: string;
  fixes: string[];
}

const packageOf = (spec: string) => parseBareSpecifier(spec)?.name ?? spec;
const valueNames = (names: ImportedName[]) => names.filter((n) => !n.typeOnly && n.imported !== 'default' && n.imported !== '*');

/** The edit for a plain rename, or null when the target lacks a name the import takes. */
function renameEdit(code: string, ref: ModuleReference, rule: Rename): string | null {
  const exported = packageExports(rule.to);
  if (exported && valueNames(ref.names).some((n) => !exported.has(n.imported))) return null;
  const takesDefault = ref.names.some((n) => n.imported === 'default' && !n.typeOnly);
  const quote = code[ref.sourceStart] ?? "'";
  if (!takesDefault || rule.keepsDefault) return code.slice(ref.start, ref.sourceStart) + `${quote}${rule.to}${quote}` + code.slice(ref.sourceEnd, ref.end);
  if (!rule.defaultAs || ref.kind !== 'import' || (exported && !exported.has(rule.defaultAs))) return null;
  const names = ref.names.map((n) => (n.imported === 'default' ? `${rule.defaultAs} as ${n.local}` : importText(n)));
  return `import { ${names.join(', ')} } from ${quote}${rule.to}${quote};`;
}

const importText = (n: ImportedName) => `${n.typeOnly ? 'type ' : ''}${n.imported === n.local ? n.local : `${n.imported} as ${n.local}`}`;

function freeName(base: string, taken: ReadonlySet<string>): string {
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base}${i}`;
  return name;
}

/** `@radix-ui/react-dialog` → the `Dialog` namespace of `radix-ui`, or null when it has no such namespace or name. */
function radixEdit(ref: ModuleReference, namespace: string, taken: ReadonlySet<string>): string | null {
  const members = namespaceExports('radix-ui', namespace);
  if (!members || ref.kind !== 'import' || ref.names.some((n) => n.imported === 'default')) return null;
  if (valueNames(ref.names).some((n) => !members.has(n.imported))) return null;
  const star = ref.names.find((n) => n.imported === '*');
  if (star) return `import ${star.typeOnly ? 'type ' : ''}{ ${namespace === star.local ? namespace : `${namespace} as ${star.local}`} } from 'radix-ui';`;
  const alias = freeName(`${namespace}Primitive`, taken);
  const values = valueNames(ref.names).map((n) => (n.imported === n.local ? n.local : `${n.imported}: ${n.local}`));
  const types = ref.names.filter((n) => n.typeOnly).map((n) => `type ${n.local} = ${alias}.${n.imported};`);
  const lines = [`import { ${namespace} as ${alias} } from 'radix-ui';`];
  if (values.length) lines.push(`const { ${values.join(', ')} } = ${alias};`);
  return [...lines, ...types].join('\n');
}

/**
 * Rewrites imports of packages Sprout offers under another name (`framer-motion` → `motion/react`,
 * `@radix-ui/react-dialog` → `radix-ui`'s `Dialog`, …). An import is left alone when the target lacks
 * a name it takes, so the unknown-package check still names it.
 */
export function fixPackageRenames(path: string, code: string, allowed: Readonly<Record<string, string>>): RenameResult {
  if (!isCodeModule(path)) return { content: code, fixes: [] };
  const tree = parseModule(path, code);
  if (!tree) return { content: code, fixes: [] };
  const taken = declaredNames(tree);
  const edits: { start: number; end: number; text: string; note: string }[] = [];
  for (const ref of moduleReferences(tree)) {
    if (Object.hasOwn(allowed, packageOf(ref.source))) continue;
    const rule = PACKAGE_RENAMES.find((r) => r.from === ref.source);
    const radix = RADIX.exec(ref.source);
    if (rule && Object.hasOwn(allowed, packageOf(rule.to))) {
      const text = renameEdit(code, ref, rule);
      if (text !== null)
        edits.push({ start: ref.start, end: ref.end, text, note: `imported '${rule.to}' instead of '${ref.source}' in ${path} (${rule.why})` });
    } else if (radix && Object.hasOwn(allowed, 'radix-ui')) {
      const namespace = pascal(radix[1]!);
      const text = radixEdit(ref, namespace, taken);
      if (text !== null)
        edits.push({
          start: ref.start,
          end: ref.end,
          text,
          note: `imported ${namespace} from 'radix-ui' instead of '${ref.source}' in ${path} (radix-ui holds every Radix primitive)`,
        });
    }
  }
  const content = edits.reduceRight((out, e) => out.slice(0, e.start) + e.text + out.slice(e.end), code);
  return { content, fixes: edits.map((e) => e.note) };
}
