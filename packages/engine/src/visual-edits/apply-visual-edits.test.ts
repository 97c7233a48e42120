import type { VisualChange, VisualEdit } from '@sprout/core/contract';
import { describe, expect, it } from 'vitest';
import { parseModule } from '../syntax/parse-module';
import { applyVisualEdits, ELEMENT_NOT_FOUND } from './apply-visual-edits';
import { describeElement } from './describe-element';

const FILE = 'client/src/App.tsx';
const APP = `import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export default function App({ tasks, open }: { tasks: { id: string; title: string }[]; open: boolean }) {
  return (
    <main className="flex min-h-screen flex-col bg-background p-6">
      <header className="flex items-center justify-between">
        <h1 className="text-2xl font-bold">
          Tasks
        </h1>
        <Button variant="outline">Add task</Button>
      </header>
      <p className={cn('text-sm text-muted-foreground', open && 'hidden')}>{'You have work to do'}</p>
      <ul className={\`grid gap-2 \${open ? 'opacity-100' : 'opacity-50'} bg-white\`}>
        {tasks.map((task) => (
          <li key={task.id} className="rounded-md border p-2">{task.title}</li>
        ))}
      </ul>
      <p><b className="font-bold">One</b><i>Two</i></p>
      <img src="https://example.com/a.png" alt="" className="rounded" />
      <section className={styles.box}>Styled</section>
    </main>
  );
}
`;

/** Where the n-th occurrence of `needle` starts in APP, as the preview marks it. */
function at(needle: string, nth = 0, code = APP, file = FILE) {
  let offset = -1;
  for (let i = 0; i <= nth; i++) offset = code.indexOf(needle, offset + 1);
  if (offset < 0) throw new Error(`${needle} not in code`);
  const before = code.slice(0, offset).split('\n');
  return { file, line: before.length, column: before.at(-1)!.length + 1 };
}

const edit = (needle: string, change: VisualChange, nth = 0): VisualEdit => ({ element: at(needle, nth), change });
const files = (extra: [string, string][] = []) => new Map([[FILE, APP], ...extra]);

function applied(edits: VisualEdit[], input = files()) {
  const result = applyVisualEdits(input, edits);
  if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
  return { code: result.files.get(FILE)!, result };
}

describe('applyVisualEdits: text', () => {
  it('replaces JSX text, keeping the whitespace around it, and says what it did', () => {
    const { code, result } = applied([edit('<h1', { type: 'text', value: 'My "day" plan' })]);
    expect(code).toBe(APP.replace('>\n          Tasks\n        </h1>', '>\n          My "day" plan\n        </h1>'));
    expect(result.summaries).toEqual(['Changed the text of <h1> in App.tsx']);
    expect([...result.files.keys()]).toEqual([FILE]);
  });

  it('writes text JSX would misread as a braced string', () => {
    expect(applied([edit('<h1', { type: 'text', value: '</script><script>alert(1)</script>' })]).code).toContain('{"</script><script>alert(1)</script>"}');
    expect(applied([edit('<h1', { type: 'text', value: 'a {b} c' })]).code).toContain('\n          {"a {b} c"}\n');
    expect(applied([edit('<h1', { type: 'text', value: ' spaced ' })]).code).toContain('{" spaced "}');
    expect(applied([edit('<h1', { type: 'text', value: 'R&D' })]).code).toContain('{"R&D"}');
  });

  it('replaces a literal in its own quotes', () => {
    const { code } = applied([edit('<p className={cn', { type: 'text', value: "It's {done}" })]);
    expect(code).toContain(`open && 'hidden')}>{'It\\'s {done}'}</p>`);
  });

  it('works on a component element like on a host element', () => {
    expect(applied([edit('<Button', { type: 'text', value: 'New task' })]).code).toContain('<Button variant="outline">New task</Button>');
  });

  it('refuses line breaks and text that comes from code', () => {
    expect(applyVisualEdits(files(), [edit('<h1', { type: 'text', value: 'a\nb' })])).toMatchObject({ ok: false, code: 'invalid_value', index: 0 });
    expect(applyVisualEdits(files(), [edit('<h1', { type: 'text', value: 'ok' }), edit('<li', { type: 'text', value: 'x' })])).toEqual({
      ok: false,
      code: 'not_editable',
      message: 'This text comes from `task.title` in the code: change the record in the Data panel, or ask in the chat.',
      index: 1,
    });
  });
});

describe('applyVisualEdits: styles', () => {
  it('sets a class on a string className', () => {
    const { code, result } = applied([edit('<header', { type: 'style', property: 'backgroundColor', value: 'emerald-700' })]);
    expect(code).toContain('<header className="flex items-center justify-between bg-emerald-700">');
    expect(result.summaries).toEqual(['Set the background of <header> in App.tsx to emerald-700']);
  });

  it('makes several changes to one element one rewrite, a later change of a property winning', () => {
    const { code, result } = applied([
      edit('<h1', { type: 'style', property: 'fontSize', value: '4xl' }),
      edit('<h1', { type: 'style', property: 'textColor', value: '#1f7a4d' }),
      edit('<h1', { type: 'style', property: 'fontSize', value: 'lg' }),
      edit('<h1', { type: 'style', property: 'fontWeight', value: null }),
    ]);
    expect(code).toContain('<h1 className="text-[#1f7a4d] text-lg">');
    expect(result.summaries).toEqual([
      'Set the font size of <h1> in App.tsx to lg',
      'Set the text colour of <h1> in App.tsx to #1f7a4d',
      'Removed the font weight of <h1> in App.tsx',
    ]);
  });

  it('edits the first string of cn() and the static parts of a template', () => {
    expect(applied([edit('<p className={cn', { type: 'style', property: 'textColor', value: 'primary' })]).code).toContain(
      "cn('text-sm text-primary', open && 'hidden')",
    );
    const { code } = applied([
      edit('<ul', { type: 'style', property: 'backgroundColor', value: 'slate-100' }),
      edit('<ul', { type: 'style', property: 'gap', value: '4' }),
    ]);
    expect(code).toContain("className={`grid ${open ? 'opacity-100' : 'opacity-50'} bg-slate-100 gap-4`}");
  });

  it('adds a className to an element with none, after its tag name', () => {
    expect(applied([edit('<i>', { type: 'style', property: 'padding', value: '2' })]).code).toContain('<i className="p-2">Two</i>');
  });

  it('makes edits to two elements on the same line', () => {
    const { code } = applied([
      edit('<b ', { type: 'text', value: 'First' }),
      edit('<i>', { type: 'style', property: 'textColor', value: 'red-500' }),
      edit('<b ', { type: 'style', property: 'fontWeight', value: 'black' }),
      edit('<i>', { type: 'text', value: 'Second' }),
    ]);
    expect(code).toContain('<p><b className="font-black">First</b><i className="text-red-500">Second</i></p>');
  });

  it('refuses values outside the lists, and changes nothing', () => {
    for (const value of ['red-500 hover:bg-black', '[url(x)]', '#12345g', 'red-500" onClick={alert}', 'url(javascript:alert(1))']) {
      const result = applyVisualEdits(files(), [
        edit('<h1', { type: 'text', value: 'ok' }),
        edit('<header', { type: 'style', property: 'backgroundColor', value }),
      ]);
      expect(result).toMatchObject({ ok: false, code: 'invalid_value', index: 1, message: expect.stringContaining('Background must be') });
    }
    expect(applyVisualEdits(files(), [edit('<header', { type: 'style', property: 'padding', value: '13' })])).toMatchObject({ ok: false, index: 0 });
  });

  it('refuses classes computed in code', () => {
    expect(applyVisualEdits(files(), [edit('<section', { type: 'style', property: 'padding', value: '2' })])).toEqual({
      ok: false,
      code: 'not_editable',
      message: "This element's classes are computed in code: ask in the chat to change them.",
      index: 0,
    });
  });
});

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const upload = (fileName = 'Hero shot.png', bytes: Buffer = PNG): VisualChange => ({
  type: 'image-upload',
  fileName,
  mimeType: 'image/png',
  contentBase64: bytes.toString('base64'),
});

describe('applyVisualEdits: images', () => {
  it('sets an https address, braced when JSX would read an entity in it', () => {
    expect(applied([edit('<img', { type: 'image', src: 'https://cdn.example.com/b.jpg' })]).code).toContain('<img src="https://cdn.example.com/b.jpg" alt=""');
    expect(applied([edit('<img', { type: 'image', src: 'https://cdn.example.com/b.jpg?w=1&h=2' })]).code).toContain(
      '<img src="https://cdn.example.com/b.jpg?w=1&h=2" alt=""',
    );
    expect(applied([edit('<img', { type: 'image', src: 'https://cdn.example.com/b.jpg?a&lt;b=1;' })]).code).toContain(
      '<img src={"https://cdn.example.com/b.jpg?a&lt;b=1;"} alt=""',
    );
  });

  it('refuses addresses that are not https, and pictures for what is not an <img>', () => {
    for (const src of ['javascript:alert(1)', 'data:image/svg+xml,<svg/>', 'http://example.com/a.png', 'https://u:p@example.com/a.png'])
      expect(applyVisualEdits(files(), [edit('<img', { type: 'image', src })])).toMatchObject({ ok: false, code: 'invalid_value', index: 0 });
    expect(applyVisualEdits(files(), [edit('<h1', { type: 'image', src: 'https://example.com/a.png' })])).toMatchObject({ ok: false, code: 'not_an_image' });
  });

  it('keeps an upload as a module, imports it after the last import and uses it', () => {
    const { code, result } = applied([edit('<img', upload())]);
    const [path, content] = [...result.files].find(([p]) => p !== FILE)!;
    expect(path).toMatch(/^client\/src\/assets\/uploads\/hero-shot-[0-9a-f]{8}\.ts$/);
    expect(content).toBe(`export default "data:image/png;base64,${PNG.toString('base64')}";\n`);
    const importPath = `@/assets/uploads/${path.split('/').at(-1)!.replace(/\.ts$/, '')}`;
    expect(code).toContain(`import { cn } from '@/lib/utils';\nimport heroShotImage from '${importPath}';\n\nexport default function App`);
    expect(code).toContain('<img src={heroShotImage} alt=""');
    expect(result.summaries).toEqual(['Put the uploaded image Hero shot.png in <img> in App.tsx']);
  });

  it('adds src when the <img> has none, imports once, and picks a name nothing uses', () => {
    const code = 'const heroShotImage = 1;\nexport function Gallery() {\n  return <div><img alt="a" /><img alt="b" /></div>;\n}\n';
    const file = 'client/src/Gallery.tsx';
    const result = applyVisualEdits(new Map([[file, code]]), [
      { element: at('<img', 0, code, file), change: upload() },
      { element: at('<img', 1, code, file), change: upload() },
    ]);
    if (!result.ok) throw new Error(result.message);
    const out = result.files.get(file)!;
    expect(out.match(/^import /gm)).toHaveLength(1);
    expect(out).toMatch(/^import heroShotImage2 from '@\/assets\/uploads\/hero-shot-[0-9a-f]{8}';\nconst heroShotImage = 1;/);
    expect(out).toContain('<img src={heroShotImage2} alt="a" /><img src={heroShotImage2} alt="b" />');
    expect(result.files.size).toBe(2);
  });

  it('refuses an SVG or a file that is not what it says', () => {
    const svg = Buffer.from('<svg onload="alert(1)"/>');
    expect(applyVisualEdits(files(), [edit('<img', upload('a.png', svg))])).toMatchObject({ ok: false, code: 'invalid_image' });
    expect(applyVisualEdits(files(), [edit('<img', { ...upload(), mimeType: 'image/webp' } as VisualChange)])).toMatchObject({
      ok: false,
      code: 'invalid_image',
    });
  });
});

describe('applyVisualEdits: places', () => {
  it('refuses an element that is no longer there', () => {
    const moved = { ...at('<h1'), column: at('<h1').column + 2 };
    expect(applyVisualEdits(files(), [{ element: moved, change: { type: 'text', value: 'x' } }])).toEqual({
      ok: false,
      code: 'element_not_found',
      message: ELEMENT_NOT_FOUND,
      index: 0,
    });
    expect(applyVisualEdits(files(), [{ element: { ...at('<h1'), file: 'client/src/Gone.tsx' }, change: { type: 'text', value: 'x' } }])).toMatchObject({
      code: 'element_not_found',
    });
  });

  it('refuses files that are not the app’s components', () => {
    const css = new Map([['client/src/index.css', '<h1>x</h1>']]);
    expect(applyVisualEdits(css, [{ element: { file: 'client/src/index.css', line: 1, column: 1 }, change: { type: 'text', value: 'y' } }])).toMatchObject({
      ok: false,
      code: 'not_code',
    });
    const server = new Map([['functions/page.tsx', 'export const a = <h1>x</h1>;']]);
    expect(applyVisualEdits(server, [{ element: { file: 'functions/page.tsx', line: 1, column: 18 }, change: { type: 'text', value: 'y' } }])).toMatchObject({
      ok: false,
      code: 'not_code',
    });
  });

  it('edits a file with TypeScript generics and Windows line ends', () => {
    const code = [
      'import { useState } from "react";',
      'export function Picker<T extends string>({ options }: { options: T[] }) {',
      '  const [value] = useState<T | null>(null);',
      '  return (',
      '    <Select<T> value={value}>',
      '      <span className="text-sm">Pick one</span>',
      '    </Select>',
      '  );',
      '}',
    ].join('\r\n');
    const file = 'client/src/Picker.tsx';
    const result = applyVisualEdits(new Map([[file, code]]), [
      { element: at('<Select', 0, code, file), change: { type: 'style', property: 'margin', value: '-2' } },
      { element: at('<span', 0, code, file), change: { type: 'text', value: 'Choose' } },
    ]);
    expect(result).toMatchObject({ ok: true });
    const out = result.ok ? result.files.get(file)! : '';
    expect(out).toContain('<Select<T> className="-m-2" value={value}>\r\n      <span className="text-sm">Choose</span>\r\n');
  });

  it('leaves the input alone, changes only what it must, and the result parses', () => {
    const input = files([['client/src/Other.tsx', 'export const X = () => <p>x</p>;']]);
    const { code, result } = applied(
      [
        edit('<h1', { type: 'text', value: 'Plan' }),
        edit('<li', { type: 'style', property: 'radius', value: 'full' }),
        edit('<img', { type: 'image', src: 'https://e.com/c.png' }),
      ],
      input,
    );
    expect(input.get(FILE)).toBe(APP);
    expect([...result.files.keys()]).toEqual([FILE]);
    expect((parseModule(FILE, code) as unknown as { errors: unknown[] }).errors).toEqual([]);
    expect(code.split('\n').length).toBe(APP.split('\n').length);
  });

  it('is read back by describeElement', () => {
    const { code } = applied([edit('<header', { type: 'style', property: 'padding', value: '8' }), edit('<h1', { type: 'text', value: 'Plan' })]);
    const after = describeElement(new Map([[FILE, code]]), at('<header'));
    expect(after.ok && after.description.styles.padding).toBe('8');
    const h1 = describeElement(new Map([[FILE, code]]), at('<h1'));
    expect(h1.ok && h1.description.text.value).toBe('Plan');
  });
});
