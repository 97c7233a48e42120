import type { File, Node } from '@babel/types';
import { walk } from './walk';

/** A literal name: `'todos'`, or a template with no placeholders. */
function literalName(arg: Node | undefined): string | null {
  if (arg?.type === 'StringLiteral') return arg.value;
  if (arg?.type === 'TemplateLiteral' && arg.expressions.length === 0) return arg.quasis[0]?.value.cooked ?? null;
  return null;
}

const isCollectionCallee = (callee: Node) =>
  (callee.type === 'Identifier' && callee.name === 'useCollection') ||
  (callee.type === 'MemberExpression' &&
    callee.object.type === 'Identifier' &&
    callee.object.name === 'db' &&
    !callee.computed &&
    callee.property.type === 'Identifier' &&
    callee.property.name === 'collection');

const COLLECTION_NAME = /^[A-Za-z][\w-]*$/;

/**
 * The app-backend collections the code names literally (`db.collection('x')`, `useCollection<T>('x')`),
 * each with the line of its first use, in source order.
 */
export function collectionCalls(tree: File): Map<string, number> {
  const found: { name: string; line: number; at: number }[] = [];
  walk(tree.program, (node) => {
    if (node.type !== 'CallExpression' || !isCollectionCallee(node.callee)) return;
    const name = literalName(node.arguments[0] as Node | undefined);
    if (name !== null && COLLECTION_NAME.test(name)) found.push({ name, line: node.loc?.start.line ?? 1, at: node.start ?? 0 });
  });
  const out = new Map<string, number>();
  for (const f of found.sort((a, b) => a.at - b.at)) if (!out.has(f.name)) out.set(f.name, f.line);
  return out;
}
