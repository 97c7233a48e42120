import type { File, Node, StringLiteral } from '@babel/types';
import { walk } from './walk';

export interface ImportedName {
  /** The name taken from the module: `default` for a default import, `*` for a namespace. */
  imported: string;
  local: string;
  typeOnly: boolean;
}

export interface ModuleReference {
  /** `import … from`, `export … from`, `import('…')` or `require('…')`. */
  kind: 'import' | 'export' | 'dynamic' | 'require';
  source: string;
  /** The whole statement (or call) in the source. */
  start: number;
  end: number;
  /** The specifier's string literal, quotes included. */
  sourceStart: number;
  sourceEnd: number;
  line: number;
  /** `import type …` / `export type … from`: erased by the compiler, loads nothing. */
  typeOnly: boolean;
  names: ImportedName[];
}

const nameOf = (n: Node): string => (n.type === 'Identifier' ? n.name : n.type === 'StringLiteral' ? n.value : '');

function reference(kind: ModuleReference['kind'], node: Node, source: StringLiteral, typeOnly: boolean, names: ImportedName[]): ModuleReference {
  return {
    kind,
    source: source.value,
    start: node.start ?? 0,
    end: node.end ?? 0,
    sourceStart: source.start ?? 0,
    sourceEnd: source.end ?? 0,
    line: node.loc?.start.line ?? 1,
    typeOnly,
    names,
  };
}

/** Every module the file refers to, in source order: static imports and re-exports, `import()` and `require()` of a literal. */
export function moduleReferences(tree: File): ModuleReference[] {
  const out: ModuleReference[] = [];
  walk(tree.program, (node) => {
    if (node.type === 'ImportDeclaration') {
      const typeOnly = node.importKind === 'type' || node.importKind === 'typeof';
      const names = node.specifiers.map((s): ImportedName => {
        if (s.type === 'ImportDefaultSpecifier') return { imported: 'default', local: s.local.name, typeOnly };
        if (s.type === 'ImportNamespaceSpecifier') return { imported: '*', local: s.local.name, typeOnly };
        return { imported: nameOf(s.imported), local: s.local.name, typeOnly: typeOnly || s.importKind === 'type' };
      });
      out.push(reference('import', node, node.source, typeOnly, names));
    } else if ((node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && node.source) {
      const typeOnly = node.exportKind === 'type';
      const names =
        node.type === 'ExportAllDeclaration'
          ? []
          : node.specifiers.map((s): ImportedName => {
              if (s.type === 'ExportSpecifier') return { imported: nameOf(s.local), local: nameOf(s.exported), typeOnly: typeOnly || s.exportKind === 'type' };
              return { imported: s.type === 'ExportNamespaceSpecifier' ? '*' : 'default', local: nameOf(s.exported), typeOnly };
            });
      out.push(reference('export', node, node.source, typeOnly, names));
    } else if (node.type === 'CallExpression' && node.arguments[0]?.type === 'StringLiteral') {
      const arg = node.arguments[0];
      if (node.callee.type === 'Import') out.push(reference('dynamic', node, arg, false, []));
      else if (node.callee.type === 'Identifier' && node.callee.name === 'require') out.push(reference('require', node, arg, false, []));
    } else if (node.type === 'ImportExpression' && node.source.type === 'StringLiteral') {
      out.push(reference('dynamic', node, node.source, false, []));
    }
  });
  return out.sort((a, b) => a.start - b.start);
}

/** Where a new import statement goes: after the last import at the top of the file (0 when there is none). */
export function importInsertionPoint(tree: File): number {
  let end = 0;
  for (const statement of tree.program.body) {
    if (statement.type !== 'ImportDeclaration') break;
    end = statement.end ?? end;
  }
  return end;
}

function declaredExports(node: Node | null | undefined, out: string[]): void {
  if (!node) return;
  if (node.type === 'VariableDeclaration') {
    for (const d of node.declarations) bindingNames(d.id, out);
  } else if ('id' in node && node.id && (node.id.type === 'Identifier' || node.id.type === 'StringLiteral')) {
    out.push(nameOf(node.id));
  }
}

function bindingNames(p: Node | null | undefined, out: string[]): void {
  if (!p) return;
  if (p.type === 'Identifier') out.push(p.name);
  else if (p.type === 'ObjectPattern') for (const prop of p.properties) bindingNames(prop.type === 'RestElement' ? prop.argument : (prop.value as Node), out);
  else if (p.type === 'ArrayPattern') for (const e of p.elements) bindingNames(e, out);
  else if (p.type === 'AssignmentPattern') bindingNames(p.left, out);
  else if (p.type === 'RestElement') bindingNames(p.argument, out);
}

export interface ExportedNames {
  /** The names other modules can import; `default` for the default export. */
  names: string[];
  /** The declared name of a `export default function Name` / `class Name`, for a reader. */
  defaultName: string | null;
}

/** What the module exports: declarations, lists, aliases, re-exports by name, and the default. */
export function exportedNames(tree: File): ExportedNames {
  const names: string[] = [];
  let defaultName: string | null = null;
  for (const statement of tree.program.body) {
    if (statement.type === 'ExportNamedDeclaration') {
      declaredExports(statement.declaration, names);
      for (const s of statement.specifiers) names.push(nameOf(s.exported));
    } else if (statement.type === 'ExportDefaultDeclaration') {
      names.push('default');
      const d = statement.declaration;
      if ((d.type === 'FunctionDeclaration' || d.type === 'ClassDeclaration') && d.id) defaultName = d.id.name;
    } else if (statement.type === 'TSExportAssignment') {
      names.push('default');
    }
  }
  return { names: [...new Set(names)].filter(Boolean), defaultName };
}
