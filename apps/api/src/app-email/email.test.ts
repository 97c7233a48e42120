import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '@sprout/testkit';
import { appVisitor, newProject, previewCookie, useTestApp, writeProjectFiles, type TestApp } from '../testing';

// An app's mail through a real SMTP server in this process (npm smtp-server): what it received is
// what a recipient's mail server would. Sprout's own code runs for real, functions in workerd.
interface Received {
  to: string[];
  raw: string;
}
const received: Received[] = [];
const refuse = new Set<string>();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, _session, done) {
    if (refuse.has(address.address)) return done(Object.assign(new Error('550 5.1.1 mailbox unavailable'), { responseCode: 550 }));
    done();
  },
  onData(stream, session, done) {
    let raw = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (raw += chunk));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      done();
    });
  },
});
let smtpUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const t = useTestApp(() => ({ SMTP_URL: smtpUrl, MAIL_FROM: 'Sprout <apps@sprout.example>' }));
const noMailServer = useTestApp();

/** One line of a received message's headers (unfolded). */
const header = (raw: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*(?:\\r\\n[ \\t].*)*)`, 'im')
    .exec(raw)?.[1]
    ?.replace(/\r\n[ \t]/g, ' ')
    .trim();
const mailTo = (address: string) => waitUntil(() => received.find((m) => m.to.includes(address)), { what: `a mail to ${address}` });

const SEND = `export default async function (req: Request, ctx: any) {
  const mail = await req.json();
  try {
    return await ctx.email.send(mail);
  } catch (err: any) {
    return { error: err.code, message: err.message };
  }
}`;

async function project(app: TestApp = t) {
  const owner = await app.register();
  const sproutId = await newProject(app, owner);
  await writeProjectFiles(app, owner, sproutId, { 'functions/send.ts': SEND });
  const { host, cookie } = await previewCookie(app, owner, sproutId);
  const visitor = appVisitor(app, host, cookie);
  const send = async (mail: Record<string, unknown>) => (await visitor.call('POST', 'functions/send', mail)).json();
  const outbox = async () => (await app.api('GET', `/build/v1/sprouts/${sproutId}/email/test/outbox`, { token: owner.idToken })).json().emails;
  const settings = (body?: Record<string, unknown>) =>
    app.api(body ? 'PUT' : 'GET', `/build/v1/sprouts/${sproutId}/email`, { token: owner.idToken, ...(body ? { body } : {}) });
  return { owner, sproutId, visitor, send, outbox, settings };
}

describe("an app's mail", () => {
  it('is sent under the app’s name from Sprout’s address, replies going where the owner says, and kept in the Outbox', async () => {
    const p = await project();
    const set = await p.settings({ senderName: 'Bake Sale', replyTo: 'owner@bakesale.example' });
    expect(set.json()).toMatchObject({ senderName: 'Bake Sale', fromAddress: 'apps@sprout.example', delivery: 'smtp', perDay: { test: 20, live: 100 } });
    expect(await p.send({ to: 'ada@example.com', subject: 'Your order is in', text: 'Thanks, Ada! Two lemon cakes.' })).toMatchObject({ status: 'sent' });
    const mail = await mailTo('ada@example.com');
    expect(header(mail.raw, 'From')).toBe('Bake Sale <apps@sprout.example>');
    expect(header(mail.raw, 'Reply-To')).toBe('owner@bakesale.example');
    expect(header(mail.raw, 'Subject')).toBe('Your order is in');
    expect(mail.raw).toContain('Thanks, Ada! Two lemon cakes.');
    // A receipt carries no unsubscribe link.
    expect(header(mail.raw, 'List-Unsubscribe')).toBeUndefined();
    expect(await p.outbox()).toEqual([
      expect.objectContaining({ to: 'ada@example.com', subject: 'Your order is in', status: 'sent', transactional: true, error: null }),
    ]);
    expect((await p.settings()).json().sentToday).toEqual({ test: 1, live: 0 });
  });

  it('gives mail that is not transactional an unsubscribe link and header, and sends no more of it to an address that followed one', async () => {
    const p = await project();
    expect(await p.send({ to: 'reader@example.com', subject: 'This week', text: 'New cakes!', transactional: false })).toMatchObject({ status: 'sent' });
    const news = await mailTo('reader@example.com');
    const link = /<([^>]+)>/.exec(header(news.raw, 'List-Unsubscribe') ?? '')?.[1];
    expect(link).toMatch(/\/_sprout\/v1\/email\/unsubscribe\?t=[\w-]+$/);
    expect(header(news.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(news.raw.replace(/=\r\n/g, '')).toContain('To get no more of these e-mails:');
    const url = new URL(link!);
    // Opening the link (as a mail scanner does) only asks.
    const asked = await p.visitor.call('GET', `email/unsubscribe${url.search}`);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('<form method="post"><button type="submit"');
    expect(asked.body).toContain('reader@example.com will get no more e-mails like this');
    expect(await p.send({ to: 'reader@example.com', subject: 'Still this week', text: 'Scones!', transactional: false })).toMatchObject({ status: 'sent' });
    const page = await p.visitor.call('POST', `email/unsubscribe${url.search}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('reader@example.com will get no more e-mails like this');
    const forged = await p.visitor.call('GET', 'email/unsubscribe?t=forged-token');
    expect(forged.statusCode).toBe(404);

    const before = received.length;
    expect(await p.send({ to: 'Reader@Example.com', subject: 'Next week', text: 'More cakes!', transactional: false })).toMatchObject({
      status: 'unsubscribed',
    });
    // A receipt still goes.
    expect(await p.send({ to: 'reader@example.com', subject: 'Your receipt', text: 'Paid.' })).toMatchObject({ status: 'sent' });
    await waitUntil(() => received.length > before, { what: 'the receipt' });
    expect(received.slice(before).map((m) => header(m.raw, 'Subject'))).toEqual(['Your receipt']);
    expect((await p.outbox()).map((m: { subject: string; status: string }) => [m.subject, m.status])).toEqual([
      ['Your receipt', 'sent'],
      ['Next week', 'unsubscribed'],
      ['Still this week', 'sent'],
      ['This week', 'sent'],
    ]);
  });

  it('refuses what could add a recipient or a header, past the day’s quota, and records what the mail server refused', async () => {
    const p = await project();
    for (const bad of [
      { to: 'a@example.com, b@example.com', subject: 'x', text: 'x' },
      { to: 'a@example.com\r\nBcc: b@example.com', subject: 'x', text: 'x' },
      { to: 'a@example.com', subject: 'x\r\nBcc: b@example.com', text: 'x' },
      { to: 'a@example.com', subject: 'x' },
    ])
      expect(await p.send(bad), JSON.stringify(bad)).toMatchObject({ error: 'invalid_request' });
    // A function cannot choose the sender (asking is refused, saying so): the mail goes under the app's name, from Sprout's address.
    expect(await p.send({ to: 'spoof@example.com', subject: 'x', text: 'x', from: 'ceo@bank.example' })).toMatchObject({
      error: 'invalid_request',
      message: 'ctx.email.send takes to, subject, text, html and transactional, not from.',
    });
    expect(await p.send({ to: 'spoof@example.com', subject: 'x', text: 'x' })).toMatchObject({ status: 'sent' });
    expect(header((await mailTo('spoof@example.com')).raw, 'From')).toMatch(/<apps@sprout\.example>$/);
    expect((await p.settings({ senderName: 'Evil" <ceo@bank.example>', replyTo: null })).statusCode).toBe(400);

    refuse.add('gone@example.com');
    expect(await p.send({ to: 'gone@example.com', subject: 'Hello', text: 'x' })).toMatchObject({ error: 'email_failed' });
    const [failed] = await p.outbox();
    expect(failed).toMatchObject({ to: 'gone@example.com', status: 'failed', error: expect.stringContaining('mailbox unavailable') });

    // The free plan's preview sends 20 a day: the two above counted, 18 more, then no more.
    const results = [];
    for (let i = 0; i < 19; i++) results.push(await p.send({ to: `guest${i}@example.com`, subject: 'Invite', text: 'Come!' }));
    expect(results.filter((r) => r.status === 'sent')).toHaveLength(18);
    expect(results.at(-1)).toMatchObject({ error: 'email_quota_reached', message: expect.stringContaining('(20 from the preview)') });
  });
});

describe("an app's mail on a Sprout with no mail server", () => {
  it('is recorded in the Outbox as not sent, never lost', async () => {
    const p = await project(noMailServer);
    expect(await p.send({ to: 'ada@example.com', subject: 'Welcome', text: 'Hi' })).toMatchObject({ status: 'not_sent' });
    expect(await p.outbox()).toEqual([expect.objectContaining({ to: 'ada@example.com', text: 'Hi', status: 'not_sent' })]);
    expect((await p.settings()).json().delivery).toBe('recorded');
  });
});
