// An app's mail as an attacker would try it: sending from the page (there is no such route), more
// than the day's quota from a function however many at once, smuggling a second recipient or a
// header, choosing the sender, following another app's unsubscribe link, and setting a reply-to or
// sender name that would add a header. The mail server is a real one on 127.0.0.1 that keeps what
// it receives.
import { afterAll, describe, expect, it } from 'vitest';
import { appVisitor, newProject, previewCookie, useTestApp, writeProjectFiles } from '@sprout/api/testing';
import { SmtpSink } from '@sprout/testkit';
import { Tally } from '@sprout/testkit/vitest';

const sending = new Tally("app mail: only the app's functions send, one plain recipient, the app's own sender");
const quota = new Tally("app mail: the day's quota holds, and links and settings stay the owner's");

const smtp = await SmtpSink.start();
afterAll(() => smtp.close());
const t = useTestApp(() => ({ SMTP_URL: smtp.url, MAIL_FROM: 'Sprout <apps@sprout.example>' }));

// A function that sends whatever the page asks: what an app's careless code would do.
const SEND_ANY = `export default async function (req: Request, ctx: any) {
  const mail = await req.json();
  try {
    return await ctx.email.send(mail);
  } catch (err: any) {
    return Response.json({ code: err.code, message: err.message }, { status: err.status ?? 500 });
  }
}
`;

async function app() {
  const owner = await t.register();
  const sproutId = await newProject(t, owner);
  await writeProjectFiles(t, owner, sproutId, { 'functions/send.ts': SEND_ANY });
  const preview = await previewCookie(t, owner, sproutId);
  const visitor = appVisitor(t, preview.host, preview.cookie);
  const send = (mail: Record<string, unknown>) => visitor.call('POST', 'functions/send', mail);
  const outbox = async () => (await t.api('GET', `/build/v1/sprouts/${sproutId}/email/test/outbox`, { token: owner.idToken })).json().emails;
  return { owner, sproutId, visitor, send, outbox };
}

describe("an app's mail, attacked", () => {
  it('sends only from functions, to one plain address, under the app’s name from Sprout’s address', async () => {
    const a = await app();
    for (const path of ['email/send', 'email', 'mail/send']) {
      const res = await a.visitor.call('POST', path, { to: 'victim@example.com', subject: 'x', text: 'x' });
      sending.check(res.statusCode === 404, `POST /_sprout/v1/${path} from the page → ${res.statusCode}`);
    }
    // Counted by the attacked addresses: the owner's own account mail (its verification) may reach the server any time.
    const attacked = () => smtp.received.filter((m) => m.to.some((to) => /^[ab]@example\.com$/i.test(to))).length;
    const before = attacked();
    for (const mail of [
      { to: 'a@example.com, b@example.com', subject: 'x', text: 'x' },
      { to: 'a@example.com\r\nBcc: b@example.com', subject: 'x', text: 'x' },
      { to: 'Victim <a@example.com>', subject: 'x', text: 'x' },
      { to: ['a@example.com', 'b@example.com'], subject: 'x', text: 'x' },
      { to: 'a@example.com', subject: 'Hi\r\nBcc: b@example.com', text: 'x' },
      { to: 'a@example.com', subject: 'x', text: 'x', from: 'ceo@bank.example' },
      { to: 'a@example.com', subject: 'x', text: 'x', bcc: 'b@example.com' },
      { to: 'a@example.com', subject: 'x', text: 'x', headers: { Bcc: 'b@example.com' } },
      { to: 'a@example.com', subject: 'x'.repeat(201), text: 'x' },
      { to: 'a@example.com', subject: 'x', text: 'x'.repeat(100_001) },
    ]) {
      const res = await a.send(mail);
      sending.check(res.statusCode === 400, `${JSON.stringify(mail).slice(0, 90)} → ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    sending.check(attacked() === before, `${attacked() - before} refused mails reached the mail server`);
    expect((await a.send({ to: 'a@example.com', subject: 'x', text: 'x', from: 'ceo@bank.example' })).json().message).toBe(
      'ctx.email.send takes to, subject, text, html and transactional, not from.',
    );

    const ok = await a.send({ to: 'friend@example.com', subject: 'Hello', text: 'Hi there' });
    expect(ok.statusCode, ok.body).toBe(200);
    const got = smtp.received.at(-1)!;
    sending.check(got.to.length === 1 && got.to[0] === 'friend@example.com', `recipients ${JSON.stringify(got.to)}`);
    sending.check(/^From: .*<apps@sprout\.example>/m.test(got.data), `From: ${/^From: .*$/m.exec(got.data)?.[0]}`);
    sending.check(!/^Bcc:/im.test(got.data) && !/^Cc:/im.test(got.data), 'a Bcc or Cc header was sent');
    sending.assertClean();
  });

  it('holds the day’s quota however many send at once, and keeps every mail in the Outbox', async () => {
    const a = await app();
    const results = await Promise.all(Array.from({ length: 26 }, (_, i) => a.send({ to: `p${i}@example.com`, subject: `Mail ${i}`, text: 'x' })));
    const sent = results.filter((r) => r.statusCode === 200).length;
    const refused = results.filter((r) => r.statusCode === 429 && r.json().code === 'email_quota_reached').length;
    // The free plan's preview may send 20 a day.
    quota.check(sent === 20, `${sent} mails went out of 26 (quota 20)`);
    quota.check(refused === 6, `${refused} of 26 were refused with email_quota_reached`);
    quota.check((await a.outbox()).length === 20, 'the Outbox does not hold every mail that went');
    quota.assertClean();
  });

  it('keeps unsubscribe links to their own app, and settings from adding a header', async () => {
    const a = await app();
    const b = await app();
    expect((await a.send({ to: 'reader@example.com', subject: 'News', text: 'x', transactional: false })).statusCode).toBe(200);
    const headers = smtp.received.at(-1)!.data.replace(/\r\n[ \t]+/g, ' ');
    const link = /<([^>]+)>/.exec(/^List-Unsubscribe: (.*)$/m.exec(headers)?.[1] ?? '')?.[1];
    expect(link).toMatch(/unsubscribe\?t=/);
    const search = new URL(link!).search;
    // Another app's origin does not know the token: nothing is changed there or here.
    const elsewhere = await b.visitor.call('POST', `email/unsubscribe${search}`);
    quota.check(elsewhere.statusCode === 404, `another app's origin → ${elsewhere.statusCode}`);
    for (const t2 of ['', '../x', 'a'.repeat(101), '<script>']) {
      const res = await a.visitor.call('POST', `email/unsubscribe?t=${encodeURIComponent(t2)}`);
      quota.check(res.statusCode === 400 || res.statusCode === 404, `token ${JSON.stringify(t2.slice(0, 20))} → ${res.statusCode}`);
    }
    expect((await a.send({ to: 'reader@example.com', subject: 'More news', text: 'x', transactional: false })).json()).toMatchObject({ status: 'sent' });

    for (const body of [
      { senderName: 'Bank\r\nBcc: b@example.com', replyTo: null },
      { senderName: 'Support" <ceo@bank.example>', replyTo: null },
      { senderName: null, replyTo: 'a@example.com, b@example.com' },
      { senderName: null, replyTo: 'a@example.com\r\nBcc: b@example.com' },
    ]) {
      const res = await t.api('PUT', `/build/v1/sprouts/${a.sproutId}/email`, { token: a.owner.idToken, body });
      quota.check(res.statusCode === 400, `${JSON.stringify(body).slice(0, 80)} → ${res.statusCode}`);
    }
    // Nobody but the owner reads or changes them.
    const other = b.owner;
    const read = await t.api('GET', `/build/v1/sprouts/${a.sproutId}/email/test/outbox`, { token: other.idToken });
    const write = await t.api('PUT', `/build/v1/sprouts/${a.sproutId}/email`, { token: other.idToken, body: { senderName: 'Mine', replyTo: null } });
    quota.check(
      [403, 404].includes(read.statusCode) && [403, 404].includes(write.statusCode),
      `another owner: read ${read.statusCode}, write ${write.statusCode}`,
    );
    quota.assertClean();
  });
});
