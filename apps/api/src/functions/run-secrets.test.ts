import type { ChatMessage } from '@sprout/core/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { APP, newProject, sendAndWait, type Session, useModelTestApp } from '../testing';

// A run that writes a function reading secrets: the model is told which names exist (never a
// value), and the reply asks, in one sentence, for the ones the preview does not have.
const { t, fake } = useModelTestApp({ RENDER_CHECK: 'off' });
let owner: Session;

beforeAll(async () => {
  owner = await t.register();
});

const PAY = `export default async function (req: Request, ctx: any) {
  const res = await fetch('https://api.stripe.com/v1/checkout/sessions', { method: 'POST', headers: { authorization: \`Bearer \${ctx.env.STRIPE_KEY}\` } });
  await fetch('https://mail.example.com/send', { headers: { 'x-token': ctx.env.MAIL_TOKEN } });
  return res.json();
}
`;

const answer = () =>
  'Checkout goes through a server function.\n\n' +
  `<sprout-write path="functions/pay.ts">\n${PAY}</sprout-write>\n\n` +
  `<sprout-write path="client/src/App.tsx">\n${APP('Shop')}</sprout-write>\n\n<sprout-summary>Added checkout</sprout-summary>\n`;

describe('a run whose functions read secrets', () => {
  it('names the set secrets to the model and asks for the missing one in the reply and its final event', async () => {
    const sproutId = await newProject(t, owner);
    const put = await t.api('PUT', `/build/v1/sprouts/${sproutId}/secrets/test/MAIL_TOKEN`, { token: owner.idToken, body: { value: 'mail-token-value-1234' } });
    expect(put.statusCode).toBe(200);
    fake.reply({ text: answer() });
    const { runId, events } = await sendAndWait(t, owner, sproutId, 'a shop with checkout');

    const sent = JSON.stringify(fake.requests.at(-1)!.body);
    expect(sent).toContain('test (the preview): MAIL_TOKEN; live (the published app): none.');
    expect(sent).not.toContain('mail-token-value-1234');

    const sentence =
      'Add the secret **STRIPE_KEY** in the Functions panel’s Secrets (test for the preview, live before you publish) so `functions/pay.ts` can use it.';
    expect(events.at(-1)).toMatchObject({ type: 'run.finished', data: { missingSecrets: ['STRIPE_KEY'], missingSecretsText: sentence } });
    const chat = (await t.api('GET', `/build/v1/sprouts/${sproutId}/messages`, { token: owner.idToken })).json() as { messages: ChatMessage[] };
    const reply = chat.messages.find((m) => m.runId === runId && m.role === 'assistant')!;
    expect(reply.content.startsWith('Checkout goes through a server function.')).toBe(true);
    expect(reply.content.endsWith(`\n\n${sentence}`)).toBe(true);
  });

  it('says nothing more once every secret the functions read is set', async () => {
    const sproutId = await newProject(t, owner);
    for (const name of ['STRIPE_KEY', 'MAIL_TOKEN'])
      await t.api('PUT', `/build/v1/sprouts/${sproutId}/secrets/test/${name}`, { token: owner.idToken, body: { value: `${name.toLowerCase()}-value-5678` } });
    fake.reply({ text: answer() });
    const { events } = await sendAndWait(t, owner, sproutId, 'a shop with checkout');
    const end = events.at(-1)!;
    expect(end.type).toBe('run.finished');
    expect(end.data).not.toHaveProperty('missingSecrets');
  });
});

describe('a reply that already asks for its secrets', () => {
  it('is not given the sentence again; the final event still names them for the chat’s button', async () => {
    const sproutId = await newProject(t, owner);
    fake.reply({ text: answer().replace('Checkout goes through a server function.', 'Add STRIPE_KEY and MAIL_TOKEN in the Functions panel.') });
    const { runId, events } = await sendAndWait(t, owner, sproutId, 'a shop with checkout');
    expect(events.at(-1)).toMatchObject({ type: 'run.finished', data: { missingSecrets: ['MAIL_TOKEN', 'STRIPE_KEY'] } });
    expect(events.at(-1)!.data).not.toHaveProperty('missingSecretsText');
    const chat = (await t.api('GET', `/build/v1/sprouts/${sproutId}/messages`, { token: owner.idToken })).json() as { messages: ChatMessage[] };
    expect(chat.messages.find((m) => m.runId === runId && m.role === 'assistant')!.content).not.toContain('Functions panel’s Secrets');
  });
});
