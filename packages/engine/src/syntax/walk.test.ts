import { describe, expect, it } from 'vitest';
import { parseModule } from './parse-module';
import { walk } from './walk';

describe('walk', () => {
  it('visits every node once, parents before children, in source order, with its parent', () => {
    const tree = parseModule('a.ts', 'const a = f(b, c);')!;
    const seen: string[] = [];
    walk(tree.program, (node, parent) => {
      if (node.type === 'Identifier') seen.push(`${node.name}<${parent?.type}`);
    });
    expect(seen).toEqual(['a<VariableDeclarator', 'f<CallExpression', 'b<CallExpression', 'c<CallExpression']);
  });

  it('does not step into comments or positions', () => {
    const tree = parseModule('a.ts', '/* const hidden = 1 */ const shown = 2;')!;
    const names: string[] = [];
    walk(tree, (node) => node.type === 'Identifier' && names.push(node.name));
    expect(names).toEqual(['shown']);
  });
});
