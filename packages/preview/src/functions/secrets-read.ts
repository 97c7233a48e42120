import { SECRET_NAME } from '@sprout/core';

type Node = { type: string; [key: string]: unknown };

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';

/** `<anything>.env` or a bare `env` (a function that took `{ env }` from ctx). */
function isEnv(node: Node): boolean {
  if (node.type === 'Identifier') return node.name === 'env';
  if (node.type !== 'MemberExpression' || node.computed) return false;
  const property = node.property as Node;
  return property.type === 'Identifier' && property.name === 'env';
}

/** The name a member read asks for: `.NAME` or `['NAME']`. */
function memberName(node: Node): string | undefined {
  const property = node.property as Node;
  if (!node.computed && property.type === 'Identifier') return property.name as string;
  if (node.computed && property.type === 'Literal' && typeof property.value === 'string') return property.value;
  return undefined;
}

/** The keys of `{ A, B: b }` (a destructuring pattern). */
function patternKeys(pattern: Node): string[] {
  if (pattern.type !== 'ObjectPattern') return [];
  return (pattern.properties as Node[]).flatMap((p) => {
    if (p.type !== 'Property') return [];
    const key = p.key as Node;
    if (!p.computed && key.type === 'Identifier') return [key.name as string];
    return key.type === 'Literal' && typeof key.value === 'string' ? [key.value] : [];
  });
}

/**
 * The secrets a function reads by name, from its syntax tree (acorn's, types already removed):
 * `ctx.env.NAME`, `ctx.env['NAME']`, `const { NAME } = ctx.env` and `({ env: { NAME } })`. Only
 * names a secret may have count, so `env.length` or a helper's own `env` object add nothing.
 */
export function secretsReadIn(program: unknown): string[] {
  const names = new Set<string>();
  const stack: unknown[] = [program];
  while (stack.length) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    if (!isNode(node)) continue;
    if (node.type === 'MemberExpression' && isEnv(node.object as Node)) {
      const name = memberName(node);
      if (name) names.add(name);
    }
    if (node.type === 'VariableDeclarator' && node.init && isEnv(node.init as Node)) for (const k of patternKeys(node.id as Node)) names.add(k);
    // `{ env: { NAME } }` in a parameter or a declaration.
    if (node.type === 'Property' && !node.computed && (node.key as Node).type === 'Identifier' && (node.key as Node).name === 'env')
      for (const k of patternKeys(node.value as Node)) names.add(k);
    for (const [key, value] of Object.entries(node)) if (key !== 'type' && (isNode(value) || Array.isArray(value))) stack.push(value);
  }
  return [...names].filter((n) => SECRET_NAME.test(n)).sort();
}
