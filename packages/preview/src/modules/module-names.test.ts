import { describe, expect, it } from 'vitest';
import type { LinkedModule } from './link-modules';
import { moduleNames, safeBase, stronglyConnected } from './module-names';

/** A linked module with the given code key and project imports. */
function mod(path: string, key: string, deps: string[]): LinkedModule {
  return {
    path,
    module: { code: '', map: '', key, warnings: [], analysis: { imports: [], exports: [], starExports: [], refresh: '' } },
    targets: deps.map((d) => ({ kind: 'module' as const, path: d })),
    dropped: new Map(),
  };
}

const graph = (mods: LinkedModule[]) => new Map(mods.map((m) => [m.path, m]));

describe('moduleNames', () => {
  it('renames a changed module and its importers, and nothing else', () => {
    const before = moduleNames(
      graph([mod('main.tsx', 'm', ['App.tsx']), mod('App.tsx', 'a', ['Card.tsx', 'utils.ts']), mod('Card.tsx', 'c', []), mod('utils.ts', 'u', [])]),
    );
    const after = moduleNames(
      graph([mod('main.tsx', 'm', ['App.tsx']), mod('App.tsx', 'a', ['Card.tsx', 'utils.ts']), mod('Card.tsx', 'c2', []), mod('utils.ts', 'u', [])]),
    );
    const renamed = [...after].filter(([p, n]) => before.get(p)!.name !== n.name).map(([p]) => p);
    expect(renamed.sort()).toEqual(['App.tsx', 'Card.tsx', 'main.tsx']);
    const ownChanged = [...after].filter(([p, n]) => before.get(p)!.own !== n.own).map(([p]) => p);
    expect(ownChanged).toEqual(['Card.tsx']);
    expect(after.get('Card.tsx')!.name).toMatch(/^Card\.tsx\.[a-f0-9]{20}\.js$/);
  });

  it('names modules that import each other from the whole cycle', () => {
    const names = moduleNames(graph([mod('a.ts', 'a', ['b.ts']), mod('b.ts', 'b', ['a.ts'])]));
    const changed = moduleNames(graph([mod('a.ts', 'a', ['b.ts']), mod('b.ts', 'b2', ['a.ts'])]));
    expect(names.get('a.ts')!.name).not.toBe(names.get('b.ts')!.name);
    expect(changed.get('a.ts')!.name).not.toBe(names.get('a.ts')!.name);
  });

  it('covers the file a package is served by instead of the import map (the preview’s JSX runtime)', () => {
    const jsx = (key: string) => {
      const m = mod('App.tsx', key, []);
      return graph([{ ...m, targets: [{ kind: 'package', spec: 'react/jsx-dev-runtime' }] }, mod('other.ts', 'o', [])]);
    };
    const first = moduleNames(jsx('a'), new Map([['react/jsx-dev-runtime', 'sprout-jsx.1.js']]));
    const again = moduleNames(jsx('a'), new Map([['react/jsx-dev-runtime', 'sprout-jsx.1.js']]));
    const next = moduleNames(jsx('a'), new Map([['react/jsx-dev-runtime', 'sprout-jsx.2.js']]));
    expect(again.get('App.tsx')).toEqual(first.get('App.tsx'));
    // Another runtime is another module: files are served as immutable under their names.
    expect(next.get('App.tsx')!.name).not.toBe(first.get('App.tsx')!.name);
    expect(next.get('other.ts')).toEqual(first.get('other.ts'));
  });
});

describe('stronglyConnected', () => {
  it('gives dependencies first, cycles as one component, without recursion', () => {
    const edges = new Map([
      ['a', ['b']],
      ['b', ['c', 'a']],
      ['c', []],
    ]);
    expect(stronglyConnected(['a', 'b', 'c'], edges)).toEqual([['c'], ['b', 'a']]);
    const long = Array.from({ length: 50_000 }, (_, i) => `m${i}`);
    const chain = new Map(long.map((m, i) => [m, i + 1 < long.length ? [long[i + 1]!] : []]));
    expect(stronglyConnected(long, chain)).toHaveLength(50_000);
  });

  it('keeps file names safe for URLs', () => {
    expect(safeBase('client/src/my page (1).tsx')).toBe('my_page__1_.tsx');
  });
});
