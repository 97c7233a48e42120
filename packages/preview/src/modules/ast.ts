import type { Node } from 'acorn';

/** An acorn node read generically (the walkers below look at any node's children). */
export type AnyNode = Node & Record<string, unknown>;

/** Names a declaration binds: `function f`, `class C`, `const { a, b: [c] } = …`. */
export function declaredNames(declaration: AnyNode): string[] {
  if (declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') {
    const id = declaration.id as AnyNode | null;
    return id ? [id.name as string] : [];
  }
  if (declaration.type !== 'VariableDeclaration') return [];
  const out: string[] = [];
  for (const d of declaration.declarations as AnyNode[]) patternNames(d.id as AnyNode, out);
  return out;
}

function patternNames(pattern: AnyNode, out: string[]): void {
  switch (pattern.type) {
    case 'Identifier':
      out.push(pattern.name as string);
      break;
    case 'ObjectPattern':
      for (const p of pattern.properties as AnyNode[]) patternNames((p.type === 'RestElement' ? p.argument : p.value) as AnyNode, out);
      break;
    case 'ArrayPattern':
      for (const e of pattern.elements as (AnyNode | null)[]) if (e) patternNames(e, out);
      break;
    case 'RestElement':
      patternNames(pattern.argument as AnyNode, out);
      break;
    case 'AssignmentPattern':
      patternNames(pattern.left as AnyNode, out);
      break;
  }
}

/** Visits every node under `node`; `enter` returning false skips the node's children. */
export function walk(node: AnyNode, enter: (node: AnyNode) => boolean | void): void {
  if (enter(node) === false) return;
  for (const key in node) {
    if (key === 'type' || key === 'start' || key === 'end' || key === 'loc' || key === 'range') continue;
    const value = node[key];
    if (Array.isArray(value)) {
      for (const child of value) if (child && typeof child.type === 'string') walk(child as AnyNode, enter);
    } else if (value && typeof value === 'object' && typeof (value as AnyNode).type === 'string') walk(value as AnyNode, enter);
  }
}

/**
 * Names the code refers to, leaving out import bindings themselves, `export { a }` lists, property
 * names (`o.a`, `{ a: 1 }`) and declarations' own names: what tells a value from a name that is
 * only passed on.
 */
export function referencedNames(program: AnyNode): Set<string> {
  const out = new Set<string>();
  const visit = (node: AnyNode, parent: AnyNode | null, key: string) => {
    if (node.type === 'ImportDeclaration') return;
    if (node.type === 'ExportNamedDeclaration' && !node.declaration) return;
    if (node.type === 'Identifier') {
      const isPropertyName =
        (parent?.type === 'MemberExpression' && key === 'property' && !parent.computed) ||
        ((parent?.type === 'Property' || parent?.type === 'MethodDefinition' || parent?.type === 'PropertyDefinition') && key === 'key' && !parent.computed);
      if (!isPropertyName) out.add(node.name as string);
      return;
    }
    for (const k in node) {
      if (k === 'type' || k === 'start' || k === 'end') continue;
      const value = node[k];
      if (Array.isArray(value)) {
        for (const child of value) if (child && typeof child.type === 'string') visit(child as AnyNode, node, k);
      } else if (value && typeof value === 'object' && typeof (value as AnyNode).type === 'string') visit(value as AnyNode, node, k);
    }
  };
  visit(program, null, '');
  return out;
}
