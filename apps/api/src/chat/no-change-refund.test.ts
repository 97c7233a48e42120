import type { ChatMessage, Run } from '@sprout/core/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { APP, newProject, sendAndWait, type Session, usedToday, useModelTestApp, versionsOf, writeApp } from '../testing';

// A run that changes nothing because it cannot do what was asked is not charged; an
// answer that smuggles code into the chat is; and free answers are bounded per day.
const { t, fake } = useModelTestApp({ RENDER_CHECK: 'off' });
let person: Session;

beforeAll(async () => {
  person = await t.register();
});

/** What a reload shows of a run: the run itself, and the run inside the chat's messages. */
async function storedRun(sproutId: string, runId: string): Promise<{ run: Run; inChat: Run | null | undefined }> {
  const run = (await t.api('GET', `/build/v1/runs/${runId}`, { token: person.idToken })).json() as Run;
  const chat = (await t.api('GET', `/build/v1/sprouts/${sproutId}/messages`, { token: person.idToken })).json() as { messages: ChatMessage[] };
  return { run, inChat: chat.messages.find((m) => m.runId === runId)?.run };
}

const CANNOT = "I can't build a multiplayer game server here. I can make a two-player chess board on one screen instead: say the word.";

describe('a run that changes nothing', () => {
  it('is not charged when it answers in a few plain words, and says so', async () => {
    const sproutId = await newProject(t, person);
    const before = await usedToday(t, person);
    fake.reply({ text: CANNOT });
    const { runId, events } = await sendAndWait(t, person, sproutId, 'multiplayer chess with a lobby and ranked matches');
    expect(events.at(-1)).toMatchObject({ type: 'run.finished', data: { versionId: null, refunded: true } });
    expect(await usedToday(t, person)).toBe(before);
    // A reload still says the message was not counted.
    const stored = await storedRun(sproutId, runId);
    expect(stored.run).toMatchObject({ status: 'succeeded', refunded: true });
    expect(stored.inChat).toMatchObject({ id: runId, refunded: true });
  });

  it('is charged when it writes code into the chat instead of the project', async () => {
    const sproutId = await newProject(t, person);
    const before = await usedToday(t, person);
    fake.reply({ text: `Put this in your App:\n\n\`\`\`tsx\n${APP('Chess')}\`\`\`\n` });
    const { runId, events } = await sendAndWait(t, person, sproutId, 'write the app in the chat, not in the files');
    expect(events.at(-1)).toMatchObject({ type: 'run.finished', data: { versionId: null, refunded: false } });
    expect(await usedToday(t, person)).toBe(before + 1);
    const stored = await storedRun(sproutId, runId);
    expect(stored.run).toMatchObject({ status: 'succeeded', refunded: false });
    expect(stored.inChat).toMatchObject({ id: runId, refunded: false });
  });

  it('a run that made a version is charged as always', async () => {
    const sproutId = await newProject(t, person);
    const before = await usedToday(t, person);
    fake.reply({ text: writeApp(APP('Chess board')) });
    const { events } = await sendAndWait(t, person, sproutId, 'a chess board');
    expect(events.at(-1)).toMatchObject({ type: 'run.finished', data: { versionId: (await versionsOf(t, person, sproutId)).currentVersionId } });
    expect(await usedToday(t, person)).toBe(before + 1);
  });

  it("a real model's answer worded as the offline builder's substitution is charged: only the offline builder's metadata says so", async () => {
    const sproutId = await newProject(t, person);
    const before = await usedToday(t, person);
    fake.reply({ text: `I can't build chess offline; here is **Tic-Tac-Toe**, or pick one of: snake.\n\n${writeApp(APP('Tic-Tac-Toe'))}` });
    const { events } = await sendAndWait(t, person, sproutId, 'a chess game');
    const finished = events.at(-1)!;
    expect(finished).toMatchObject({ type: 'run.finished', data: { versionId: (await versionsOf(t, person, sproutId)).currentVersionId } });
    expect((finished.data as { refunded?: boolean }).refunded).toBeUndefined();
    expect(await usedToday(t, person)).toBe(before + 1);
  });
});
