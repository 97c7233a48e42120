// Visual edits as an attacker would try them: text, classes and image addresses that would run
// script in the app or break out of the JSX they are written into, uploads that are not the image
// they claim, elements outside the project, and another person's project, version or undo. Every
// refusal leaves the project as it was; every accepted text is written so that it stays text.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Sprout, VersionList, VisualEditsAnswer } from '@sprout/core/contract';
import { applyVisualEdits, parseModule } from '@sprout/engine';
import { type Session, useTestApp } from '@sprout/api/testing';
import { Tally } from '@sprout/testkit/vitest';

const refusals = new Tally('visual edits: a hostile change is refused and changes nothing');
const escapes = new Tally('visual edits: accepted text stays text in the JSX');
const others = new Tally("visual edits: another person's project stays theirs");

const t = useTestApp();
let owner: Session, stranger: Session;
beforeAll(async () => {
  [owner, stranger] = await Promise.all([t.register(), t.register()]);
});

const APP = `export default function App() {
  return (
    <main>
      <h1 className="text-slate-900">Hello</h1>
      <img src="https://example.com/a.png" alt="A" />
    </main>
  );
}
`;
const H1 = { file: 'client/src/App.tsx', line: 4, column: 7 };
const IMG = { file: 'client/src/App.tsx', line: 5, column: 7 };

async function project(s: Session): Promise<Sprout> {
  const res = await t.api('POST', '/v1/sprouts', { token: s.idToken, body: { displayName: 'Target', files: [{ name: 'client/src/App.tsx', content: APP }] } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Sprout;
}
const edit = (s: Session, sproutId: string, body: unknown) => t.api('POST', `/build/v1/sprouts/${sproutId}/visual-edits`, { token: s.idToken, body });
const versionCount = async (s: Session, id: string) =>
  ((await t.api('GET', `/build/v1/sprouts/${id}/versions`, { token: s.idToken })).json() as VersionList).versions.length;
const b64 = (s: string) => Buffer.from(s).toString('base64');

type JsxNode = { type: string; value?: string; expression?: JsxNode; children?: JsxNode[]; openingElement?: { name: { name?: string } } };

/** The heading's text as React would render it, read from the syntax tree; null when the file does not parse or the heading holds anything else. */
function renderedText(code: string): string | null {
  const tree = parseModule('client/src/App.tsx', code);
  // Read with error recovery: a file that needed any is not as written.
  if (!tree || ((tree as { errors?: unknown[] }).errors?.length ?? 0) > 0) return null;
  const program = tree.program;
  let found: JsxNode | null = null;
  const visit = (node: unknown): void => {
    if (found || !node || typeof node !== 'object') return;
    const n = node as JsxNode;
    if (n.type === 'JSXElement' && n.openingElement?.name.name === 'h1') {
      found = n;
      return;
    }
    for (const value of Object.values(node)) (Array.isArray(value) ? value : [value]).forEach(visit);
  };
  visit(program);
  const children = (found as JsxNode | null)?.children ?? [];
  if (children.length !== 1) return null;
  const only = children[0]!;
  if (only.type === 'JSXText') return /[{}<>&]/.test(only.value!) ? null : only.value!;
  return only.type === 'JSXExpressionContainer' && only.expression?.type === 'StringLiteral' ? only.expression.value! : null;
}

describe('visual edits under attack', () => {
  it('refuses classes, addresses, uploads and places that are not what they claim, changing nothing', async () => {
    const sprout = await project(owner);
    const hostile: [string, unknown][] = [
      ['class with a variant smuggled in', { element: H1, change: { type: 'style', property: 'textColor', value: 'red-500 hover:bg-black' } }],
      ['arbitrary class with a url', { element: H1, change: { type: 'style', property: 'backgroundColor', value: '[url(https://evil.test/x)]' } }],
      ['class that closes the attribute', { element: H1, change: { type: 'style', property: 'textColor', value: '" onClick={alert(1)} x="' } }],
      ['class that opens an expression', { element: H1, change: { type: 'style', property: 'padding', value: '{alert(1)}' } }],
      ['hex that is not one', { element: H1, change: { type: 'style', property: 'textColor', value: '#12345g' } }],
      ['javascript: image', { element: IMG, change: { type: 'image', src: 'javascript:alert(1)' } }],
      ['data: image address', { element: IMG, change: { type: 'image', src: 'data:text/html,<script>alert(1)</script>' } }],
      ['http image address', { element: IMG, change: { type: 'image', src: 'http://example.com/a.png' } }],
      ['image address with credentials', { element: IMG, change: { type: 'image', src: 'https://user:pass@example.com/a.png' } }],
      ['image change on a heading', { element: H1, change: { type: 'image', src: 'https://example.com/a.png' } }],
      [
        'svg posing as png',
        { element: IMG, change: { type: 'image-upload', fileName: 'a.png', mimeType: 'image/png', contentBase64: b64('<svg onload="alert(1)"/>') } },
      ],
      [
        'html posing as gif',
        {
          element: IMG,
          change: { type: 'image-upload', fileName: 'a.gif', mimeType: 'image/gif', contentBase64: b64('<!doctype html><script>alert(1)</script>') },
        },
      ],
      ['path traversal in the element', { element: { ...H1, file: '../../../etc/passwd' }, change: { type: 'text', value: 'x' } }],
      ['a file that is not code', { element: { ...H1, file: 'package.json' }, change: { type: 'text', value: 'x' } }],
      ['an element that is not there', { element: { ...H1, line: 1, column: 1 }, change: { type: 'text', value: 'x' } }],
      ['text with a line break', { element: H1, change: { type: 'text', value: 'a\n</h1><script>alert(1)</script>' } }],
      ['a property that does not exist', { element: H1, change: { type: 'style', property: 'position', value: 'fixed' } }],
      ['an unknown change', { element: H1, change: { type: 'attribute', name: 'onClick', value: 'alert(1)' } }],
    ];
    for (const [what, one] of hostile) {
      const res = await edit(owner, sprout.id, { baseVersionId: sprout.currentVersionId, edits: [one] });
      refusals.check(
        res.statusCode >= 400 && res.statusCode < 500 && (await versionCount(owner, sprout.id)) === 1,
        `${what}: ${res.statusCode} ${res.body.slice(0, 200)}`,
      );
    }
    const many = await edit(owner, sprout.id, {
      baseVersionId: sprout.currentVersionId,
      edits: Array.from({ length: 51 }, () => ({ element: H1, change: { type: 'text', value: 'x' } })),
    });
    refusals.check(many.statusCode === 400, `51 edits in one request: ${many.statusCode}`);
    const huge = await edit(owner, sprout.id, {
      baseVersionId: sprout.currentVersionId,
      edits: [{ element: H1, change: { type: 'text', value: 'x'.repeat(2001) } }],
    });
    refusals.check(huge.statusCode === 400, `text over the limit: ${huge.statusCode}`);
    refusals.assertClean();
  });

  it('writes any accepted text so that the file still parses and the text reads back as itself', () => {
    const texts = [
      '</h1><script>alert(1)</script>',
      '{alert(1)}',
      '{`${process.env}`}',
      '" onClick="x',
      "it's <b>bold</b> & {braces}",
      '  spaced  ',
      '\u2028line sep',
      '&lt;entity&gt;',
    ];
    for (const text of texts) {
      const result = applyVisualEdits(new Map([['client/src/App.tsx', APP]]), [{ element: H1, change: { type: 'text', value: text } }]);
      if (!result.ok) {
        escapes.check(true, `${JSON.stringify(text)}: refused (${result.message})`);
        continue;
      }
      const code = result.files.get('client/src/App.tsx')!;
      escapes.check(renderedText(code) === text, `${JSON.stringify(text)} written as ${code.split('\n')[3]}`);
    }
    escapes.assertClean();
  });

  it("never edits, describes or undoes another person's project", async () => {
    const sprout = await project(owner);
    const mine = (
      await edit(owner, sprout.id, { baseVersionId: sprout.currentVersionId, edits: [{ element: H1, change: { type: 'text', value: 'Mine' } }] })
    ).json() as VisualEditsAnswer;
    const tries: [string, Promise<{ statusCode: number }>][] = [
      ['edit', edit(stranger, sprout.id, { baseVersionId: mine.version.id, edits: [{ element: H1, change: { type: 'text', value: 'Theirs' } }] })],
      [
        'describe',
        t.api('GET', `/build/v1/sprouts/${sprout.id}/visual-edits/element?versionId=${mine.version.id}&file=client/src/App.tsx&line=4&column=7`, {
          token: stranger.idToken,
        }),
      ],
      ['undo', t.api('POST', `/build/v1/sprouts/${sprout.id}/visual-edits/undo`, { token: stranger.idToken, body: { versionId: mine.version.id } })],
      ['no token', t.api('POST', `/build/v1/sprouts/${sprout.id}/visual-edits/undo`, { body: { versionId: mine.version.id } })],
    ];
    const other = await project(stranger);
    // Their own project, with this project's version id: the version is not theirs.
    tries.push([
      'foreign version',
      edit(stranger, other.id, { baseVersionId: mine.version.id, edits: [{ element: H1, change: { type: 'text', value: 'x' } }] }),
    ]);
    tries.push([
      'foreign undo',
      t.api('POST', `/build/v1/sprouts/${other.id}/visual-edits/undo`, { token: stranger.idToken, body: { versionId: mine.version.id } }),
    ]);
    for (const [what, pending] of tries) {
      const res = await pending;
      others.check([401, 404].includes(res.statusCode), `${what}: ${res.statusCode}`);
    }
    others.check((await versionCount(owner, sprout.id)) === 2, 'the project has only its own two versions');
    others.assertClean();
  });
});
