import type { ElementDescription, Sprout, VisualEditsAnswer } from '@sprout/core/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileOf, type Session, usedToday, useTestApp, versionsOf } from '../testing';

const t = useTestApp();
let owner: Session, other: Session;
beforeAll(async () => {
  [owner, other] = await Promise.all([t.register(), t.register()]);
});

const APP = `export default function App() {
  const items = ['a', 'b'];
  return (
    <main>
      <h1 className="text-slate-900">Hello</h1>
      <ul>{items.map((i) => <li key={i}>{i}</li>)}</ul>
    </main>
  );
}
`;
const H1 = { file: 'client/src/App.tsx', line: 5, column: 7 };

async function project(): Promise<Sprout> {
  const res = await t.api('POST', '/v1/sprouts', {
    token: owner.idToken,
    body: { displayName: 'Visual', files: [{ name: 'client/src/App.tsx', content: APP }] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Sprout;
}

const edit = (s: Session, sproutId: string, body: unknown) => t.api('POST', `/build/v1/sprouts/${sproutId}/visual-edits`, { token: s.idToken, body });
const undo = (s: Session, sproutId: string, versionId: string) =>
  t.api('POST', `/build/v1/sprouts/${sproutId}/visual-edits/undo`, { token: s.idToken, body: { versionId } });
const describeAt = (s: Session, sproutId: string, versionId: string, at: { file: string; line: number; column: number }) =>
  t.api(
    'GET',
    `/build/v1/sprouts/${sproutId}/visual-edits/element?versionId=${versionId}&file=${encodeURIComponent(at.file)}&line=${at.line}&column=${at.column}`,
    {
      token: s.idToken,
    },
  );

describe('visual edits', () => {
  it('applies text and style changes as one uncharged version with the exact source change, and undoes it as a new version', async () => {
    const sprout = await project();
    const used = await usedToday(t, owner);
    const res = await edit(owner, sprout.id, {
      baseVersionId: sprout.currentVersionId,
      edits: [
        { element: H1, change: { type: 'text', value: 'Fresh fruit' } },
        { element: H1, change: { type: 'style', property: 'textColor', value: 'emerald-700' } },
        { element: H1, change: { type: 'style', property: 'padding', value: '4' } },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json() as VisualEditsAnswer;
    expect(made.version.source).toBe('visual');
    expect(made.changed).toEqual(['client/src/App.tsx']);
    expect(await fileOf(t, owner, sprout.id, 'client/src/App.tsx')).toBe(
      APP.replace('<h1 className="text-slate-900">Hello</h1>', '<h1 className="text-emerald-700 p-4">Fresh fruit</h1>'),
    );
    expect(await usedToday(t, owner)).toBe(used);

    const back = await undo(owner, sprout.id, made.version.id);
    expect(back.statusCode, back.body).toBe(201);
    expect(await fileOf(t, owner, sprout.id, 'client/src/App.tsx')).toBe(APP);
    expect((await versionsOf(t, owner, sprout.id)).versions.map((v) => v.source)).toEqual(['visual', 'visual', 'create']);
    expect(await usedToday(t, owner)).toBe(used);
  });

  it('describes the selected element: its text, classes, and whether it is drawn for each item of a list', async () => {
    const sprout = await project();
    const h1 = await describeAt(owner, sprout.id, sprout.currentVersionId!, H1);
    expect(h1.statusCode, h1.body).toBe(200);
    const d = h1.json() as ElementDescription;
    expect(d).toMatchObject({ tag: 'h1', component: 'App', inList: false, text: { editable: true, value: 'Hello' }, classes: { editable: true } });
    expect(d.styles.textColor).toBe('slate-900');
    const li = (await describeAt(owner, sprout.id, sprout.currentVersionId!, { file: 'client/src/App.tsx', line: 6, column: 29 })).json() as ElementDescription;
    expect(li).toMatchObject({ tag: 'li', inList: true, text: { editable: false } });
    const nowhere = await describeAt(owner, sprout.id, sprout.currentVersionId!, { file: 'client/src/App.tsx', line: 2, column: 3 });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().code).toBe('element_not_found');
  });

  it('never overwrites a newer version: an edit or an undo on a version that is no longer current changes nothing', async () => {
    const sprout = await project();
    const base = sprout.currentVersionId!;
    const manual = await t.api('PUT', `/build/v1/sprouts/${sprout.id}/files`, {
      token: owner.idToken,
      body: { path: 'client/src/App.tsx', content: APP.replace('Hello', 'Hi'), baseVersionId: base },
    });
    expect(manual.statusCode, manual.body).toBe(200);
    const late = await edit(owner, sprout.id, { baseVersionId: base, edits: [{ element: H1, change: { type: 'text', value: 'Lost' } }] });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('version_conflict');
    expect(await fileOf(t, owner, sprout.id, 'client/src/App.tsx')).toBe(APP.replace('Hello', 'Hi'));
    const notVisual = await undo(owner, sprout.id, (manual.json() as { version: { id: string } }).version.id);
    expect(notVisual.statusCode).toBe(409);
    expect(notVisual.json().code).toBe('not_visual');
  });

  it('refuses hostile or impossible changes with a reason, and another person’s project', async () => {
    const sprout = await project();
    const base = sprout.currentVersionId;
    const cases: [unknown, number, string][] = [
      [{ element: H1, change: { type: 'style', property: 'backgroundColor', value: 'red-500 hover:bg-black' } }, 400, 'visual_edit_refused'],
      [{ element: H1, change: { type: 'style', property: 'backgroundColor', value: '[url(https://x.test/a.png)]' } }, 400, 'visual_edit_refused'],
      [{ element: H1, change: { type: 'image', src: 'javascript:alert(1)' } }, 400, 'visual_edit_refused'],
      [{ element: { ...H1, file: '../../etc/passwd' }, change: { type: 'text', value: 'x' } }, 404, 'element_not_found'],
      [{ element: { ...H1, line: 6, column: 29 }, change: { type: 'text', value: 'x' } }, 400, 'visual_edit_refused'],
      [{ element: H1, change: { type: 'text', value: 'a\nb' } }, 400, 'visual_edit_refused'],
      // Removing a padding it does not have changes nothing: no empty version.
      [{ element: H1, change: { type: 'style', property: 'padding', value: null } }, 400, 'visual_edit_refused'],
      [{ element: H1, change: { type: 'style', property: 'position', value: 'fixed' } }, 400, 'invalid_request'],
    ];
    for (const [one, status, code] of cases) {
      const res = await edit(owner, sprout.id, { baseVersionId: base, edits: [one] });
      expect(res.statusCode, `${JSON.stringify(one)}: ${res.body}`).toBe(status);
      expect(res.json().code).toBe(code);
    }
    const stranger = await edit(other, sprout.id, { baseVersionId: base, edits: [{ element: H1, change: { type: 'text', value: 'Mine' } }] });
    expect(stranger.statusCode).toBe(404);
    expect((await versionsOf(t, owner, sprout.id)).versions).toHaveLength(1);
    expect(await fileOf(t, owner, sprout.id, 'client/src/App.tsx')).toBe(APP);
  });
});
