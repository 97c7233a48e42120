import { beforeAll, describe, expect, it } from 'vitest';
import { APP, newProject, sendAndWait, type Session, usedToday, useModelTestApp, versionsOf, writeApp } from '../testing';

// Issue 19 §5: a run that changes nothing because it cannot do what was asked is not charged; an
// answer that smuggles code into the chat is; and free answers are bounded per day.
const { t, fake } = useModelTestApp({ RENDER_CHECK: 'off' });
let person: Session;

beforeAll(async () => {
  person = await t.register();
});

const CANNOT = "I can't build a multiplayer game server here. I can make a two-player chess board on one screen instead: say the word.";

describe('a run that changes nothing', () => {
  it('is not charged when it answers in a few plain words, and says so', async () => {
    const sproutId = await newProject(t, person);
    const before = await usedToday(t, person);
    fake.reply({ text: CANNOT });
    const { events } = await sendAndWait(t, person, sproutId, 'multiplayer chess with a lobby and ranked matches');
    expect(events.at(-1)).toMatchObject({ type: 'run.finished', data: { versionId: null, refunded: true } });
    expect(await usedToday(t, person)).toBe(before);
  });

  it('is charged when it writes code into the chat instead of the project', async () => {
    const sproutId = await newProject(t, person);
    const before = await usedToday(t, person);
    fake.reply({ text: `Put this in your App:\n\n\`\`\`tsx\n${APP('Chess')}\`\`\`\n` });
    const { events } = await sendAndWait(t, person, sproutId, 'write the app in the chat, not in the files');
    expect(events.at(-1)).toMatchObject({ type: 'run.finished', data: { versionId: null, refunded: false } });
    expect(await usedToday(t, person)).toBe(before + 1);
  });

  it('a run that made a version is charged as always', async () => {
    const sproutId = await newProject(t, person);
    const before = await usedToday(t, person);
    fake.reply({ text: writeApp(APP('Chess board')) });
    const { events } = await sendAndWait(t, person, sproutId, 'a chess board');
    expect(events.at(-1)).toMatchObject({ type: 'run.finished', data: { versionId: (await versionsOf(t, person, sproutId)).currentVersionId } });
    expect(await usedToday(t, person)).toBe(before + 1);
  });
});
