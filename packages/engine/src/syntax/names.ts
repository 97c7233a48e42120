import type { File, JSXMemberExpression, Node } from '@babel/types';
import { walk } from './walk';

export interface NameUse {
  name: string;
  line: number;
  column: number;
}

export interface JsxNames {
  /** Names a JSX element needs in scope: `<Button>`, the `motion` of `<motion.div>`; never `<div>`. */
  elements: NameUse[];
  /** Capitalised names passed as a whole attribute value: the `Plus` of `icon={Plus}`. */
  values: NameUse[];
}

const at = (name: string, node: Node): NameUse => ({ name, line: node.loc?.start.line ?? 1, column: (node.loc?.start.column ?? 0) + 1 });

function rootOf(name: JSXMemberExpression): Node {
  let object: Node = name.object;
  while (object.type === 'JSXMemberExpression') object = object.object;
  return object;
}

/** The names JSX in the file refers to, in source order (repeats included). */
export function jsxNames(tree: File): JsxNames {
  const elements: NameUse[] = [];
  const values: NameUse[] = [];
  walk(tree.program, (node) => {
    if (node.type === 'JSXOpeningElement') {
      const name = node.name;
      // A lower-case tag is an HTML element; a member tag needs its root object, whatever its case.
      if (name.type === 'JSXIdentifier' && /^[A-Z_$]/.test(name.name)) elements.push(at(name.name, name));
      if (name.type === 'JSXMemberExpression') {
        const root = rootOf(name);
        if (root.type === 'JSXIdentifier' && root.name !== 'this') elements.push(at(root.name, root));
      }
    } else if (node.type === 'JSXAttribute' && node.value?.type === 'JSXExpressionContainer') {
      const expr = node.value.expression;
      if (expr.type === 'Identifier' && /^[A-Z]/.test(expr.name)) values.push(at(expr.name, expr));
    }
  });
  return { elements: elements.sort(bySource), values: values.sort(bySource) };
}

const bySource = (a: NameUse, b: NameUse) => a.line - b.line || a.column - b.column;

function patternNames(pattern: Node | null | undefined, out: Set<string>): void {
  if (!pattern) return;
  switch (pattern.type) {
    case 'Identifier':
      out.add(pattern.name);
      break;
    case 'ObjectPattern':
      for (const p of pattern.properties) patternNames(p.type === 'RestElement' ? p.argument : (p.value as Node), out);
      break;
    case 'ArrayPattern':
      for (const e of pattern.elements) patternNames(e, out);
      break;
    case 'AssignmentPattern':
      patternNames(pattern.left, out);
      break;
    case 'RestElement':
      patternNames(pattern.argument, out);
      break;
    case 'TSParameterProperty':
      patternNames(pattern.parameter, out);
      break;
  }
}

/**
 * Every name the file binds anywhere: imports, variables, functions and classes with their
 * parameters, catch clauses, types, interfaces, enums and namespaces. Scopes are not told apart: a
 * fixer never adds an import for a name the file binds somewhere, so it never adds a second binding.
 */
export function declaredNames(tree: File): Set<string> {
  const out = new Set<string>();
  walk(tree.program, (node) => {
    switch (node.type) {
      case 'ImportSpecifier':
      case 'ImportDefaultSpecifier':
      case 'ImportNamespaceSpecifier':
        out.add(node.local.name);
        break;
      case 'VariableDeclarator':
        patternNames(node.id, out);
        break;
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
      case 'ObjectMethod':
      case 'ClassMethod':
      case 'ClassPrivateMethod':
      case 'TSDeclareFunction':
      case 'TSDeclareMethod':
        if ('id' in node && node.id?.type === 'Identifier') out.add(node.id.name);
        for (const p of node.params) patternNames(p as Node, out);
        break;
      case 'ClassDeclaration':
      case 'ClassExpression':
        if (node.id) out.add(node.id.name);
        break;
      case 'CatchClause':
        patternNames(node.param, out);
        break;
      case 'TSInterfaceDeclaration':
      case 'TSTypeAliasDeclaration':
      case 'TSEnumDeclaration':
      case 'TSImportEqualsDeclaration':
        out.add(node.id.name);
        break;
      case 'TSModuleDeclaration':
        if (node.id.type === 'Identifier') out.add(node.id.name);
        break;
    }
  });
  return out;
}
