import { STYLE_PROPERTIES } from '@sprout/core';
import { ElementDescription } from '@sprout/core/contract';
import { describe, expect, it } from 'vitest';
import { describeElement } from './describe-element';

const FILE = 'client/src/pages/Board.tsx';
const CODE = `import { cn } from '@/lib/utils';

export default function ({ tasks }: { tasks: { id: string; title: string }[] }) {
  return (
    <section className="grid gap-4 bg-[#1f7a4d] p-6 md:p-10 rounded-lg">
      <h2 className="text-2xl font-semibold text-center hover:text-primary">Board</h2>
      <ul className={\`px-2 \${tasks.length ? 'block' : 'hidden'} text-sm\`}>
        {tasks.map((task) => (
          <li key={task.id} className={cn('rounded-md border-input border', 'p-2')}>
            {task.title}
          </li>
        ))}
      </ul>
      <Card className={variants()} />
      <img src={cover} alt="" />
    </section>
  );
}
`;

function at(needle: string) {
  const offset = CODE.indexOf(needle);
  const before = CODE.slice(0, offset).split('\n');
  return { file: FILE, line: before.length, column: before.at(-1)!.length + 1 };
}

const described = (needle: string) => {
  const result = describeElement(new Map([[FILE, CODE]]), at(needle));
  if (!result.ok) throw new Error(result.message);
  return ElementDescription.parse(result.description);
};

describe('describeElement', () => {
  it('fills every field of the contract', () => {
    const d = described('<h2');
    expect(d).toEqual({
      element: at('<h2'),
      tag: 'h2',
      component: 'Board',
      inList: false,
      text: { editable: true, value: 'Board', reason: null },
      classes: { editable: true, value: 'text-2xl font-semibold text-center hover:text-primary', reason: null },
      styles: Object.fromEntries(STYLE_PROPERTIES.map((p) => [p, { fontSize: '2xl', fontWeight: 'semibold', textAlign: 'center' }[p as string] ?? null])),
      image: null,
      startLine: 6,
      endLine: 6,
    });
  });

  it('reads the styles of the static classes, variants left out', () => {
    const d = described('<section');
    expect(d.styles).toMatchObject({ backgroundColor: '#1f7a4d', padding: '6', gap: '4', radius: 'lg', textColor: null });
    expect(d.text).toEqual({ editable: false, value: null, reason: 'This element has no text of its own.' });
    expect([d.startLine, d.endLine]).toEqual([5, 16]);
  });

  it('shows a template className as written, with styles from its static parts', () => {
    const d = described('<ul');
    expect(d.classes).toEqual({ editable: true, value: "px-2 ${tasks.length ? 'block' : 'hidden'} text-sm", reason: null });
    expect(d.styles).toMatchObject({ paddingX: '2', fontSize: 'sm', visibility: null });
    // Its child draws elements: that is no text of its own, not text from code.
    expect(d.text.reason).toBe('This element has no text of its own.');
  });

  it('marks an element drawn per item, and text from a record', () => {
    const d = described('<li');
    expect(d.inList).toBe(true);
    expect(d.text).toEqual({
      editable: false,
      value: null,
      reason: 'This text comes from `task.title` in the code: change the record in the Data panel, or ask in the chat.',
    });
    expect(d.classes.value).toBe('rounded-md border-input border');
    expect(d.styles).toMatchObject({ borderColor: 'input', radius: 'md', padding: null });
  });

  it('says when classes are computed, and reads an image', () => {
    const card = described('<Card');
    expect(card.tag).toBe('Card');
    expect(card.classes).toEqual({ editable: false, value: null, reason: "This element's classes are computed in code: ask in the chat to change them." });
    expect(Object.values(card.styles).every((v) => v === null)).toBe(true);
    expect(described('<img').image).toEqual({ src: null, editable: true });
  });

  it('refuses what it cannot find or cannot edit', () => {
    const files = new Map([
      [FILE, CODE],
      ['client/src/lib/x.ts', 'export const a = 1;'],
    ]);
    expect(describeElement(files, { ...at('<h2'), line: 8 })).toEqual({
      ok: false,
      code: 'element_not_found',
      message: 'This element is no longer in the code (it may have changed): select it again.',
    });
    expect(describeElement(files, { ...at('<h2'), file: 'client/src/Missing.tsx' })).toMatchObject({ ok: false, code: 'element_not_found' });
    expect(describeElement(files, { file: 'client/src/lib/x.ts', line: 1, column: 1 })).toMatchObject({ ok: false, code: 'not_code' });
  });
});
