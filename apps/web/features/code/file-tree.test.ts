import { describe, expect, it } from 'vitest';
import { ancestorsOf, buildTree, defaultFile } from './file-tree';

describe('file tree', () => {
  it('lists folders first, alphabetically, and opens the app first', () => {
    const paths = ['client/src/App.tsx', 'client/index.html', 'client/src/components/ui/button.tsx', 'client/src/main.tsx', '.prettierrc', 'client/src/a.css'];
    const tree = buildTree(paths);
    expect(tree.map((n) => n.name)).toEqual(['client', '.prettierrc']);
    expect(tree[0]!.children.map((n) => n.name)).toEqual(['src', 'index.html']);
    expect(tree[0]!.children[0]!.children.map((n) => n.name)).toEqual(['components', 'a.css', 'App.tsx', 'main.tsx']);
    expect(ancestorsOf('client/src/App.tsx')).toEqual(['client', 'client/src']);
    expect(defaultFile(paths)).toBe('client/src/App.tsx');
    expect(defaultFile(['b.ts', 'a.ts'])).toBe('a.ts');
    expect(defaultFile([])).toBeNull();
  });
});
