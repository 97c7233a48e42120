import type { Node } from '@babel/types';

// Position and comment fields hold no child nodes; skipping them keeps the walk to the tree itself.
const SKIP = new Set(['loc', 'start', 'end', 'range', 'extra', 'leadingComments', 'trailingComments', 'innerComments', 'comments', 'tokens', 'errors']);

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';

/** Calls `visit` for every node under `root` (root included), each with its parent, depth first. */
export function walk(root: Node, visit: (node: Node, parent: Node | null) => void): void {
  const stack: [Node, Node | null][] = [[root, null]];
  while (stack.length) {
    const [node, parent] = stack.pop()!;
    visit(node, parent);
    const children: Node[] = [];
    for (const key of Object.keys(node)) {
      if (SKIP.has(key)) continue;
      const value = (node as unknown as Record<string, unknown>)[key];
      if (Array.isArray(value)) for (const v of value) isNode(v) && children.push(v);
      else if (isNode(value)) children.push(value);
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i]!, node]);
  }
}
