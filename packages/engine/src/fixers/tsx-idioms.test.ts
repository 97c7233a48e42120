import { starterFiles } from '@sprout/template';
import { describe, expect, it } from 'vitest';
import { dataIssues } from '../checks/data-checks';
import { unknownPackageIssues } from '../checks/unknown-packages';
import { lintFiles } from '../checks/lint';
import { ALLOWED_PACKAGES } from '@sprout/template';
import { applyFixers } from './apply-fixers';

// The TSX a model writes every day. Each idiom is a whole App.tsx that works; no fixer may change it
// or report anything about it. The regular expressions these fixers once used read `useRef<HTMLCanvasElement>`
// as a JSX element and failed a working snake game three rounds in a row.
const IDIOMS: Record<string, string> = {
  'a type argument on useRef': `import { useEffect, useRef } from 'react';
export default function App() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => { canvasRef.current?.getContext('2d')?.fillRect(0, 0, 10, 10); }, []);
  return <canvas ref={canvasRef} width={200} height={200} />;
}
`,
  'type arguments on useState and createContext': `import { createContext, useContext, useState } from 'react';
interface Recipe { id: string; title: string }
type Theme = 'light' | 'dark';
const ThemeContext = createContext<Theme | null>(null);
export default function App() {
  const [recipes, setRecipes] = useState<Recipe[]>([]);
  const [byId] = useState<Map<string, Recipe>>(new Map());
  const theme = useContext(ThemeContext);
  return <ThemeContext.Provider value="dark"><ul onClick={() => setRecipes([])}>{recipes.map((r) => <li key={r.id}>{r.title} {byId.size} {theme}</li>)}</ul></ThemeContext.Provider>;
}
`,
  'a DOM type in a generic call and an event type': `import { useRef, type ChangeEvent, type MouseEvent } from 'react';
export default function App() {
  const box = useRef<HTMLDivElement | null>(null);
  const items = document.querySelectorAll<HTMLInputElement>('input');
  const onChange = (e: ChangeEvent<HTMLInputElement>) => console.log(e.target.value, items.length);
  const onClick = (e: MouseEvent<HTMLButtonElement>) => box.current?.focus();
  return <div ref={box}><input onChange={onChange} /><button onClick={onClick}>Go</button></div>;
}
`,
  'a generic component and an arrow generic <T,>': `import type { ReactNode } from 'react';
interface ListProps<T> { items: T[]; render: (item: T) => ReactNode }
function List<T extends { id: string }>({ items, render }: ListProps<T>) {
  return <ul>{items.map((i) => <li key={i.id}>{render(i)}</li>)}</ul>;
}
const first = <T,>(xs: T[]): T | undefined => xs[0];
export default function App() {
  const rows = [{ id: 'a', name: 'Ada' }];
  return <List<{ id: string; name: string }> items={rows} render={(r) => <b>{r.name} {first(rows)?.id}</b>} />;
}
`,
  'satisfies, as const and a type assertion': `const COLUMNS = ['todo', 'doing', 'done'] as const;
type Column = (typeof COLUMNS)[number];
const LABELS = { todo: 'To do', doing: 'Doing', done: 'Done' } satisfies Record<Column, string>;
export default function App() {
  const el = document.getElementById('root') as HTMLElement;
  const n = <number>(el ? 1 : 0);
  return <div>{COLUMNS.map((c) => <section key={c}>{LABELS[c]} {n}</section>)}</div>;
}
`,
  'type-only imports and an enum': `import type { FC } from 'react';
import { type SproutDoc } from '@/lib/sprout';
enum Status { Open = 'open', Closed = 'closed' }
const Badge: FC<{ status: Status }> = ({ status }) => <span>{status}</span>;
export default function App({ doc }: { doc?: SproutDoc<{ title: string }> }) {
  return <Badge status={doc ? Status.Open : Status.Closed} />;
}
`,
  'JSX in ternaries, maps, fragments and member tags': `import { motion, AnimatePresence } from 'motion/react';
import { Button } from '@/components/ui/button';
export default function App({ items = [1, 2, 3], open = true }: { items?: number[]; open?: boolean }) {
  return (
    <>
      {open ? <Button>Close</Button> : <Button variant="outline">Open</Button>}
      <AnimatePresence>{items.map((i) => (i % 2 ? <motion.li key={i} animate={{ opacity: 1 }}>{i}</motion.li> : null))}</AnimatePresence>
    </>
  );
}
`,
  'comments and strings that look like tags': `// <Header> used to live here; <Sidebar /> too.
/* Renders <Footer> later: <Modal open /> */
export default function App() {
  const html = '<Card>not a card</Card>';
  const tpl = \`<Dialog>\${html}</Dialog>\`;
  return <pre title="<Tooltip>">{html}{tpl} {'<Badge />'} Use &lt;Tabs&gt; here</pre>;
}
`,
  'a comparison that reads like a tag': `export default function App({ a = 1, B = 2, C = 3 }: { a?: number; B?: number; C?: number }) {
  const less = a < B && B > C;
  const generic = new Map<string, Array<Set<number>>>();
  return <p>{String(less)} {generic.size}</p>;
}
`,
  'globals as attribute values': `export default function App() {
  return <input type="number" max={Infinity} min={NaN} data-x={Math} />;
}
`,
  'the backend client with a typed collection': `import { db, useCollection, type SproutDoc } from '@/lib/sprout';
interface Todo { title: string; done: boolean }
const todos = db.collection<Todo>('todos');
export default function App() {
  const { data } = useCollection<Todo>('todos');
  const add = () => todos.add({ title: 'x', done: false });
  return <ul onClick={add}>{data.map((t: SproutDoc<Todo>) => <li key={t.id}>{t.title}</li>)}</ul>;
}
`,
  'a class component and a forwardRef': `import { Component, forwardRef, type ReactNode } from 'react';
class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  render() { return this.state.failed ? <p>Oops</p> : this.props.children; }
}
const Field = forwardRef<HTMLInputElement, { label: string }>(({ label }, ref) => <label>{label}<input ref={ref} /></label>);
export default function App() { return <Boundary><Field label="Name" /></Boundary>; }
`,
};

function project(app: string): Map<string, string> {
  const files = new Map(starterFiles().map((f) => [f.name, f.content]));
  files.set('client/src/App.tsx', app);
  return files;
}

function everything(app: string) {
  const files = project(app);
  const changed = new Set(['client/src/App.tsx']);
  const fixed = applyFixers(files, changed, []);
  return {
    content: files.get('client/src/App.tsx'),
    fixes: fixed.fixes,
    issues: [
      ...fixed.issues,
      ...fixed.undeclared.map((u) => `<${u.name}> undeclared`),
      ...unknownPackageIssues(files, changed, ALLOWED_PACKAGES),
      ...lintFiles(files, [...changed]),
      ...dataIssues(files, changed, 'a simple app'),
    ],
  };
}

describe('the fixers and checks on TSX a model writes', () => {
  for (const [idiom, app] of Object.entries(IDIOMS)) {
    it(`leave ${idiom} alone and find no issue`, () => {
      const r = everything(app);
      expect(r.issues).toEqual([]);
      expect(r.fixes).toEqual([]);
      expect(r.content).toBe(app);
    });
  }

  it('still report a JSX element that names nothing, beside those idioms', () => {
    const r = everything(IDIOMS['a type argument on useRef']!.replace('<canvas ref', '<><Scoreboard /><canvas ref').replace('200} />;', '200} /></>;'));
    expect(r.issues).toEqual(['<Scoreboard> undeclared']);
  });
});
