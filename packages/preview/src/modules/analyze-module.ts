import { parse, type Program } from 'acorn';
import { declaredNames, referencedNames, walk, type AnyNode } from './ast';
import { refreshRegistrations } from './refresh-registrations';

/** One import of a module, found in its transformed code. */
export interface ModuleImport {
  spec: string;
  /** Offsets of the specifier's string literal (quotes included) in the code. */
  start: number;
  end: number;
  /** The whole statement (blanked when a stylesheet import leaves the JavaScript). */
  statementStart: number;
  statementEnd: number;
  kind: 'import' | 'reexport' | 'dynamic';
  /** Names taken from the target ('default', 'x'); '*' for a namespace; empty for a side-effect import. */
  names: string[];
  /** For `export { a, b as c } from '…'`: each name and what it is exported as. */
  reexports?: { local: string; exported: string }[];
  /**
   * For `import d, { a as b } from '…'`: each name taken ('default', '*', 'a'), the binding it gets,
   * and whether the code only passes the binding on (`export { b }`) without using it as a value.
   */
  bindings?: { imported: string; local: string; passedOn: boolean }[];
}

export interface ModuleAnalysis {
  imports: ModuleImport[];
  /** Names the module exports itself ('default' included), not counting `export *`. */
  exports: string[];
  /** Specifiers of `export * from '…'` (their names are re-exported, except default). */
  starExports: string[];
  /** React Fast Refresh registrations to append to the module ('' when it defines no component). */
  refresh: string;
}

const nameOf = (n: AnyNode): string => (n.type === 'Identifier' ? (n.name as string) : String(n.value));

/**
 * Reads what the preview needs from a module's transformed code (plain ES2022 from esbuild): its
 * imports with their positions, what it exports, and the components to register for Fast Refresh.
 * `id` is the module's project path, which names its components across versions.
 */
export function analyzeModule(code: string, id: string): ModuleAnalysis {
  const program = parse(code, { ecmaVersion: 'latest', sourceType: 'module' }) as Program;
  const imports: ModuleImport[] = [];
  const exports: string[] = [];
  const starExports: string[] = [];
  const literal = (source: AnyNode) => ({ spec: String(source.value), start: source.start, end: source.end });

  for (const statement of program.body as AnyNode[]) {
    const at = { statementStart: statement.start, statementEnd: statement.end };
    if (statement.type === 'ImportDeclaration') {
      const bindings = (statement.specifiers as AnyNode[]).map((s) => ({
        imported: s.type === 'ImportDefaultSpecifier' ? 'default' : s.type === 'ImportNamespaceSpecifier' ? '*' : nameOf(s.imported as AnyNode),
        local: (s.local as AnyNode).name as string,
        passedOn: false,
      }));
      imports.push({ ...literal(statement.source as AnyNode), ...at, kind: 'import', names: bindings.map((b) => b.imported), bindings });
    } else if (statement.type === 'ExportAllDeclaration') {
      const source = literal(statement.source as AnyNode);
      if (statement.exported) {
        exports.push(nameOf(statement.exported as AnyNode));
        imports.push({ ...source, ...at, kind: 'reexport', names: ['*'] });
      } else {
        starExports.push(source.spec);
        imports.push({ ...source, ...at, kind: 'reexport', names: ['*'] });
      }
    } else if (statement.type === 'ExportNamedDeclaration') {
      const specifiers = statement.specifiers as AnyNode[];
      for (const s of specifiers) exports.push(nameOf(s.exported as AnyNode));
      if (statement.source) {
        const reexports = specifiers.map((s) => ({ local: nameOf(s.local as AnyNode), exported: nameOf(s.exported as AnyNode) }));
        imports.push({ ...literal(statement.source as AnyNode), ...at, kind: 'reexport', names: reexports.map((r) => r.local), reexports });
      }
      if (statement.declaration) exports.push(...declaredNames(statement.declaration as AnyNode));
    } else if (statement.type === 'ExportDefaultDeclaration') {
      exports.push('default');
    }
  }
  // Dynamic imports can be anywhere in the code: walk it only when it has one.
  if (/\bimport\s*\(/.test(code))
    walk(program as unknown as AnyNode, (node) => {
      if (node.type !== 'ImportExpression') return;
      const source = node.source as AnyNode;
      if (source.type === 'Literal' && typeof source.value === 'string')
        imports.push({ ...literal(source), statementStart: node.start, statementEnd: node.end, kind: 'dynamic', names: ['*'] });
    });
  imports.sort((a, b) => a.start - b.start);
  // Only a binding the module exports again can be one it merely passes on: look further only then.
  const exportedLocals = new Set<string>();
  for (const statement of program.body as AnyNode[])
    if (statement.type === 'ExportNamedDeclaration' && !statement.source && !statement.declaration)
      for (const sp of statement.specifiers as AnyNode[]) exportedLocals.add(nameOf(sp.local as AnyNode));
  const candidates = imports.flatMap((i) => (i.bindings ?? []).filter((b) => exportedLocals.has(b.local)));
  if (candidates.length > 0) {
    const used = referencedNames(program as unknown as AnyNode);
    for (const b of candidates) b.passedOn = !used.has(b.local);
  }
  return { imports, exports, starExports, refresh: refreshRegistrations(program, code, id) };
}
