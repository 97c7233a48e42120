import { describe, expect, it } from 'vitest';
import { fixMissingImports } from './missing-imports';
import { lucideIconNames } from './lucide-icons';

const ui = [
  { module: '@/components/ui/button', path: 'client/src/components/ui/button.tsx', exports: ['Button', 'buttonVariants'] },
  { module: '@/components/ui/card', path: 'client/src/components/ui/card.tsx', exports: ['Card', 'CardHeader', 'CardTitle'] },
];
const icons = lucideIconNames();

describe('fixMissingImports', () => {
  it('knows lucide-react’s icons', () => {
    expect(icons.has('Trash2')).toBe(true);
    expect(icons.has('Circle')).toBe(true);
    expect(icons.has('NoSuchIconAnywhere')).toBe(false);
  });

  it('adds UI component and icon imports after the existing imports', () => {
    const code = "import { useState } from 'react';\n\nexport default function App() {\n  return <Card><Button><Trash2 /></Button></Card>;\n}\n";
    const r = fixMissingImports('client/src/App.tsx', code, ui, icons);
    expect(r.content).toBe(
      "import { useState } from 'react';\nimport { Card } from '@/components/ui/card';\nimport { Button } from '@/components/ui/button';\nimport { Trash2 } from 'lucide-react';\n\nexport default function App() {\n  return <Card><Button><Trash2 /></Button></Card>;\n}\n",
    );
    expect(r.fixes).toHaveLength(3);
    expect(r.unresolved).toEqual([]);
  });

  it('merges into an existing import of the same module', () => {
    const code = "import { Card } from '@/components/ui/card';\nexport const A = () => <Card><CardTitle>x</CardTitle></Card>;\n";
    const r = fixMissingImports('client/src/A.tsx', code, ui, icons);
    expect(r.content).toContain("import { Card, CardTitle } from '@/components/ui/card';");
  });

  it('leaves declared names, parameters and member tags alone', () => {
    const code =
      "import Button from '../checks/MyButton';\nfunction Row({ icon: Icon }: { icon: any }) { return <Icon />; }\nconst Card = () => null;\nexport default () => <><Button /><Card /><Row icon={X} /><motion.div /></>;\nconst X = 1;\n";
    const r = fixMissingImports('client/src/A.tsx', code, ui, icons);
    expect(r.content).toBe(code);
  });

  it('adds icons passed as values and swaps unknown icons for a neutral one', () => {
    const code = "import { Plus, Sparkle3000 as Magic } from 'lucide-react';\nexport default () => <Item icon={Trash2}><Magic /><Plus /></Item>;\n";
    const r = fixMissingImports('client/src/A.tsx', code, ui, icons);
    expect(r.content).toContain("import { Plus, Circle as Magic, Trash2 } from 'lucide-react';");
    expect(r.unresolved).toEqual([{ name: 'Item', line: 2, column: 23 }]);
  });

  it('adds an icon whose name is also a word of the page (placeholder="Search", <h2>Settings</h2>)', () => {
    const code =
      'import { Input } from \'@/components/ui/input\';\nexport default () => (\n  <div>\n    <Search className="size-4" />\n    <Input placeholder="Search" aria-label=\'Search photos\' />\n    <h2>Settings</h2>\n    <Settings />\n  </div>\n);\n';
    const r = fixMissingImports('client/src/A.tsx', code, ui, icons);
    expect(r.content).toContain("import { Search, Settings } from 'lucide-react';");
    expect(r.unresolved).toEqual([]);
  });

  it('still sees declarations next to strings and JSX text', () => {
    const code =
      "const Search = () => <p>Search</p>; const label = 'Settings'; function Settings() { return <b>x</b>; }\nexport default () => <><Search /><Settings /></>;\n";
    expect(fixMissingImports('client/src/A.tsx', code, ui, icons).content).toBe(code);
  });

  it('reads type arguments, generic calls, strings and comments as what they are, not as elements', () => {
    const code =
      "import { useRef, useState } from 'react';\n// <Card> goes here\nexport default function App() {\n  const c = useRef<HTMLCanvasElement>(null);\n  const [xs] = useState<Array<Button>>([]);\n  return <canvas ref={c} title='<Trash2 />'>{xs.length}</canvas>;\n}\n";
    const r = fixMissingImports('client/src/A.tsx', code, ui, icons);
    expect(r).toEqual({ content: code, fixes: [], unresolved: [] });
  });

  it('adds to a default import of the module and keeps a namespace import apart', () => {
    const withDefault = "import Card from '@/components/ui/card';\nexport default () => <Card><CardTitle /></Card>;\n";
    expect(fixMissingImports('client/src/A.tsx', withDefault, ui, icons).content).toContain("import Card, { CardTitle } from '@/components/ui/card';");
    const withNamespace = "import * as UI from '@/components/ui/card';\nexport default () => <UI.Card><CardTitle /></UI.Card>;\n";
    expect(fixMissingImports('client/src/A.tsx', withNamespace, ui, icons).content).toBe(
      "import * as UI from '@/components/ui/card';\nimport { CardTitle } from '@/components/ui/card';\nexport default () => <UI.Card><CardTitle /></UI.Card>;\n",
    );
  });

  it('never shadows a global passed as a value, though lucide has an icon of that name', () => {
    expect(icons.has('Infinity')).toBe(true);
    const code = 'export default () => <input max={Infinity} />;\n';
    expect(fixMissingImports('client/src/A.tsx', code, ui, icons)).toEqual({ content: code, fixes: [], unresolved: [] });
  });

  it('reports the root of a member tag that names nothing', () => {
    const r = fixMissingImports('client/src/A.tsx', 'export default () => <motion.div />;\n', ui, icons);
    expect(r.unresolved.map((u) => u.name)).toEqual(['motion']);
  });

  it('leaves a file it cannot parse at all as it is', () => {
    const code = 'export default () => <div>{{{{</div';
    expect(fixMissingImports('client/src/A.tsx', code, ui, icons).content).toBe(code);
  });

  it('ignores non-JSX files', () => {
    expect(fixMissingImports('client/src/a.ts', 'const x = <Button/>;', ui, icons).fixes).toEqual([]);
  });
});
