import { describe, expect, it } from 'vitest';
import { declaredNames, jsxNames } from './names';
import { parseModule } from './parse-module';

const tree = (code: string, path = 'a.tsx') => parseModule(path, code)!;

describe('jsxNames', () => {
  it('finds capitalised elements and the roots of member elements, with their place', () => {
    const { elements } = jsxNames(tree('export default () => (\n  <Card><motion.div /><Ui.Tabs.List /><div /><this.Thing /><svg:rect /></Card>\n);'));
    expect(elements).toEqual([
      { name: 'Card', line: 2, column: 4 },
      { name: 'motion', line: 2, column: 10 },
      { name: 'Ui', line: 2, column: 24 },
    ]);
  });

  it('never counts type arguments, comparisons, strings, comments or JSX text', () => {
    const code = `// <Header />
const r = useRef<HTMLCanvasElement>(null);
const ok = a < B && C > d;
const s = '<Modal />';
export default () => <p title="<Tip>">Use <b>{'<Badge>'}</b> here {s}</p>;`;
    expect(jsxNames(tree(code)).elements).toEqual([]);
  });

  it('finds capitalised identifiers passed as whole attribute values', () => {
    const { values } = jsxNames(tree('export default () => <Item icon={Plus} label={name} render={() => Trash} />;'));
    expect(values.map((v) => v.name)).toEqual(['Plus']);
  });
});

describe('declaredNames', () => {
  it('collects imports, variables, destructuring, functions, parameters, classes, catch clauses and types', () => {
    const code = `import D, { a as A, type T } from 'm';
import * as NS from 'n';
const { b, c: C, ...rest } = o; let [d, , [e = 1]] = xs;
function F(p, { q }, ...r) {}
const G = function H() {}; const I = ({ icon: Icon }) => null;
class J { m(s) {} }
try {} catch ({ message }) {}
interface K {} type L = 1; enum M { x } namespace N {} declare function O(t: number): void;`;
    expect([...declaredNames(tree(code, 'a.ts'))].sort()).toEqual(
      ['A', 'C', 'D', 'F', 'G', 'H', 'I', 'Icon', 'J', 'K', 'L', 'M', 'N', 'NS', 'O', 'T', 'b', 'd', 'e', 'message', 'p', 'q', 'r', 'rest', 's', 't'].sort(),
    );
  });
});
