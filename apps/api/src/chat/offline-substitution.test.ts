// The offline builder says in its first sentence when it built an app in place of the one asked for
// (one it cannot make, or a guess at a request that named none): that message is not counted. It
// tells the run so in the answer's provider metadata (@sprout/engine/protocol's answer metadata),
// which no real provider can write; what a reply says never decides it.

import type { Run } from '@sprout/core/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { newProject, sendAndWait, type Session, usedToday, useTestApp, versionsOf } from '../testing';

const t = useTestApp({ RENDER_CHECK: 'off' });
let person: Session;

beforeAll(async () => {
  person = await t.register();
});

describe('an app built in place of the one asked for', () => {
  it('makes its version and is not counted, and a reload says so', async () => {
    const sproutId = await newProject(t, person);
    const before = await usedToday(t, person);
    const { runId, events } = await sendAndWait(t, person, sproutId, 'a chess game with online multiplayer');
    const reply = events.flatMap((e) => (e.type === 'text.delta' ? [e.data.text] : [])).join('');
    expect(reply).toMatch(/^I can't build chess offline; here is \*\*/);
    const { currentVersionId } = await versionsOf(t, person, sproutId);
    expect(events.at(-1)).toMatchObject({ type: 'run.finished', data: { versionId: currentVersionId, refunded: true } });
    expect(await usedToday(t, person)).toBe(before);
    const run = (await t.api('GET', `/build/v1/runs/${runId}`, { token: person.idToken })).json() as Run;
    expect(run).toMatchObject({ status: 'succeeded', refunded: true });
  });

  it('an app it can build as asked is counted', async () => {
    const sproutId = await newProject(t, person);
    const before = await usedToday(t, person);
    const { events } = await sendAndWait(t, person, sproutId, 'a kanban board for my team');
    const finished = events.at(-1)!;
    expect(finished).toMatchObject({ type: 'run.finished', data: { versionId: (await versionsOf(t, person, sproutId)).currentVersionId } });
    expect((finished.data as { refunded?: boolean }).refunded).toBeUndefined();
    expect(await usedToday(t, person)).toBe(before + 1);
  });
});
