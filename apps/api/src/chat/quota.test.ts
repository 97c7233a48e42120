import { beforeAll, describe, expect, it } from 'vitest';
import { newProject, send, sendAndWait, type Session, usedToday, useModelTestApp, writeApp } from '../testing';

const { t, fake } = useModelTestApp();
let free: Session;

beforeAll(async () => {
  free = await t.register();
});

describe('message quota', () => {
  it('charges one message per send, fix rounds and failures free, and answers 402 with the paywall at the limit', async () => {
    const sproutId = await newProject(t, free);
    // 1: a run with a fix round (two model requests) costs one message.
    fake.reply({ text: writeApp("import x from './nope';\nexport default () => x;\n") }, { text: 'Fixed.' + writeApp('export default () => null;\n') });
    await sendAndWait(t, free, sproutId, 'one');
    expect(await usedToday(t, free)).toBe(1);
    // A provider failure is refunded.
    fake.reply({ status: 500, error: 'down' });
    await sendAndWait(t, free, sproutId, 'fails');
    expect(await usedToday(t, free)).toBe(1);
    // 2..5 reach the free daily allowance of 5 (each changes the app: a short answer that changes
    // nothing is given back, no-change-refund.test.ts).
    for (let i = 2; i <= 5; i++) {
      fake.reply({ text: writeApp(`export default () => <p>Answer ${i}</p>;\n`) });
      await sendAndWait(t, free, sproutId, `message ${i}`);
    }
    expect(await usedToday(t, free)).toBe(5);

    const refused = await send(t, free, sproutId, 'one more');
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      code: 'message_limit_reached',
      paywall: { source: 'message_limit_reached', limitType: 'daily', destination: 'upgradeMessages' },
      usage: { dailyMessages: { limit: 5, used: 5, available: 0 } },
    });
    // Nothing was stored for the refused send.
    const chat = (await t.api('GET', `/build/v1/sprouts/${sproutId}/messages`, { token: free.idToken })).json().messages;
    expect(chat.filter((m: { role: string }) => m.role === 'user')).toHaveLength(6);
    expect(fake.pending).toBe(0);
  });
});
