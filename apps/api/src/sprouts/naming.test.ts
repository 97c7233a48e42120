import { beforeAll, describe, expect, it } from 'vitest';
import type { Sprout } from '@sprout/core/contract';
import { APP, newProject, sendAndWait, type Session, useModelTestApp, writeApp } from '../testing';

// A project created with the default name is named after what its first build made,
// once, in the run's commit; a name the person chose is never replaced.

const { t, fake } = useModelTestApp();
let s: Session;

beforeAll(async () => {
  s = await t.register();
});

const sprout = async (id: string) => (await t.api('GET', `/v1/sprouts/${id}`, { token: s.idToken })).json() as Sprout;

describe('names after the first build', () => {
  it('renames a default-named project after its first build, and only then', async () => {
    const id = await newProject(t, s);
    expect((await sprout(id)).displayName).toMatch(/^Sprout - [1-9]\d\d$/);
    // A question changes no file and names nothing.
    fake.reply({ text: 'Sure, what should it do?' });
    await sendAndWait(t, s, id, 'Can you build apps?');
    expect((await sprout(id)).displayName).toMatch(/^Sprout - [1-9]\d\d$/);

    fake.reply({ text: writeApp(APP('Fridge to Table'), 'Here it is.', 'Built Fridge to Table, a recipe finder for what is in your fridge') });
    const first = await sendAndWait(t, s, id, 'A recipe finder for what is in my fridge');
    expect(first.types).toContain('version.created');
    const renamed = await sprout(id);
    expect(renamed.displayName).toBe('Fridge to Table');

    fake.reply({ text: writeApp(APP('Pantry'), 'Done.', 'Built Pantry Pal, a pantry list') });
    await sendAndWait(t, s, id, 'Now make it a pantry list');
    expect((await sprout(id)).displayName).toBe('Fridge to Table');
  });

  it('keeps a name given at creation or typed before the first build', async () => {
    const given = (await t.api('POST', '/v1/sprouts', { token: s.idToken, body: { displayName: 'Grandma’s kitchen' } })).json() as Sprout;
    const typed = await newProject(t, s);
    const patch = await t.api('PATCH', `/v1/sprouts/${typed}`, { token: s.idToken, body: { displayName: 'My recipes' } });
    expect(patch.statusCode).toBe(200);
    for (const id of [given.id, typed]) {
      fake.reply({ text: writeApp(APP('Fridge to Table'), 'Here it is.', 'Built Fridge to Table') });
      await sendAndWait(t, s, id, 'A recipe finder');
    }
    expect((await sprout(given.id)).displayName).toBe('Grandma’s kitchen');
    expect((await sprout(typed)).displayName).toBe('My recipes');
  });
});
