import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allAppDocuments, checkEmails, getScreenshot, listAppCollections, listAppEmails } from '@sprout/db';
import { SmtpSink } from '@sprout/testkit';
import type { RunEvent } from '@sprout/core/contract';
import { APP, expectWellFormed, fileOf, newProject, sendAndWait, type Session, usedToday, useModelTestApp, versionsOf } from '../testing';

// Every candidate version is loaded in the server's Chromium and its behaviour checks are
// run before it can become current, with nobody's browser open. The real pipeline: the API on PGlite,
// a fake model provider, the preview builder and Debian's Chromium.
// A mail server the checks' mail must never reach.
const smtp = await SmtpSink.start();
afterAll(() => smtp.close());
const { t, fake } = useModelTestApp({ RENDER_CHECK: 'on', STAFF_EMAILS: 'verified-owner@example.com', SMTP_URL: smtp.url });
let owner: Session;

beforeAll(async () => {
  owner = await t.register({ email: 'verified-owner@example.com' });
});

const write = (path: string, content: string) => `<sprout-write path="${path}">\n${content.endsWith('\n') ? content : `${content}\n`}</sprout-write>\n`;
const answer = (files: Record<string, string>, summary = 'Built the app') =>
  `Here is your app.\n\n${Object.entries(files)
    .map(([p, c]) => write(p, c))
    .join('\n')}\n<sprout-summary>${summary}</sprout-summary>\n`;

const CRASHING = `type Task = { id: number; title: string };
const tasks: Task[] | null = null as Task[] | null;

export default function App() {
  const open = tasks!.filter((t) => t.title.length > 0);
  return <ul>{open.map((t) => <li key={t.id}>{t.title}</li>)}</ul>;
}
`;

// A guestbook on the app backend: an entry added by the check must never reach the owner's test data.
const GUESTBOOK = (buttonLabel: string) => `import { useState } from 'react';
import { db, useCollection } from '@/lib/sprout';

export default function App() {
  const { data } = useCollection('entries', { orderBy: 'createdAt' });
  const [name, setName] = useState('');
  return (
    <main className="p-6">
      <h1>Guestbook</h1>
      <label htmlFor="name">Your name</label>
      <input id="name" value={name} onChange={(e) => setName(e.target.value)} />
      <button type="button" onClick={() => { void db.collection('entries').add({ name }); setName(''); }}>${buttonLabel}</button>
      <ul>{(data ?? []).map((e) => <li key={e.id}>{String(e.name)}</li>)}</ul>
    </main>
  );
}
`;
const RULES = JSON.stringify({ collections: { entries: { create: 'anyone', read: 'anyone', update: 'nobody', delete: 'nobody' } } });
const SIGN_CHECK = JSON.stringify({
  name: 'Signing the guestbook shows the name',
  steps: [
    { do: 'fill', target: { label: 'Your name' }, value: 'Ada' },
    { do: 'click', target: { role: 'button', name: 'Sign' } },
    { do: 'expectText', text: 'Ada' },
  ],
});

type CheckResult = { ok: boolean; round: number; issues: unknown[]; behaviour?: unknown[]; render?: unknown };
const checkResults = (events: RunEvent[]) => events.filter((e) => e.type === 'check.result').map((e) => e.data as CheckResult);
const fixes = (events: RunEvent[]) => events.filter((e) => e.type === 'fix.started').map((e) => e.data);

describe('the render check in a run', () => {
  it('fixes a component that crashes on its first render in a free round, with no browser of the person open', async () => {
    const sproutId = await newProject(t, owner);
    const used = await usedToday(t, owner);
    fake.reply({ text: answer({ 'client/src/App.tsx': CRASHING }) }, { text: answer({ 'client/src/App.tsx': APP('Tasks') }, 'Started the list empty') });

    const { events } = await sendAndWait(t, owner, sproutId, 'a task list');
    expectWellFormed(events);
    const checks = checkResults(events);
    expect(checks[0]).toMatchObject({ ok: false, round: 0, render: { status: 'failed' } });
    expect(checks[0]!.issues).toContainEqual(
      expect.objectContaining({
        source: 'render',
        file: 'client/src/App.tsx',
        message: expect.stringContaining("Cannot read properties of null (reading 'filter')"),
      }),
    );
    expect(fixes(events)).toEqual([expect.objectContaining({ round: 1, reason: 'errors' })]);
    // The fix request tells the model what the page did.
    expect(JSON.stringify(fake.requests.at(-1)!.body.messages)).toContain("Cannot read properties of null (reading 'filter')");
    expect(checks[1]).toMatchObject({ ok: true, round: 1, render: { status: 'passed' } });
    expect(events.at(-1)).toMatchObject({ type: 'run.finished', data: { fixRounds: 1, remainingIssues: 0 } });
    expect(await fileOf(t, owner, sproutId, 'client/src/App.tsx')).toBe(APP('Tasks'));
    expect(await usedToday(t, owner)).toBe(used + 1);

    // The picture of the version that became current is kept with it.
    const versions = await versionsOf(t, owner, sproutId);
    expect(versions.screenshotIds).toContain(versions.currentVersionId);
    const shot = await t.api('GET', `/build/v1/sprouts/${sproutId}/screenshots/${versions.currentVersionId}`, { token: owner.idToken });
    expect(shot.statusCode).toBe(200);
    expect(shot.headers['content-type']).toBe('image/jpeg');
    // Kept in the file store every instance reads, the row naming it: no bytes in the database.
    expect(await getScreenshot(t.db.db, sproutId, versions.currentVersionId!)).toEqual({ storageKey: expect.stringMatching(/^screenshots\//), image: null });
  });

  it('a crash the fix rounds do not repair never becomes current and costs nothing', async () => {
    const sproutId = await newProject(t, owner);
    const before = await versionsOf(t, owner, sproutId);
    const used = await usedToday(t, owner);
    fake.reply(...Array.from({ length: 3 }, () => ({ text: answer({ 'client/src/App.tsx': CRASHING }) })));

    const { events, types } = await sendAndWait(t, owner, sproutId, 'a task list');
    expectWellFormed(events);
    expect(events.at(-1)).toMatchObject({
      type: 'run.failed',
      data: { code: 'attempt_failed', refunded: true, message: expect.stringContaining('the app crashed when it opened') },
    });
    expect(types).not.toContain('version.created');
    const after = await versionsOf(t, owner, sproutId);
    expect(after.currentVersionId).toBe(before.currentVersionId);
    expect(after.versions).toHaveLength(before.versions.length);
    expect(await usedToday(t, owner)).toBe(used);
  });
});

describe('behaviour checks in a run', () => {
  it('runs the checks the answer wrote; a failing step starts a free fix round; the check’s data never reaches the test data', async () => {
    const sproutId = await newProject(t, owner);
    // The first answer's button says "Add" while its check clicks "Sign": the step fails.
    fake.reply(
      { text: answer({ 'client/src/App.tsx': GUESTBOOK('Add'), 'sprout.data.json': RULES, 'checks/sign.json': SIGN_CHECK }) },
      { text: answer({ 'client/src/App.tsx': GUESTBOOK('Sign') }, 'Named the button Sign') },
    );
    const { events } = await sendAndWait(t, owner, sproutId, 'a guestbook');
    expectWellFormed(events);
    const checks = checkResults(events);
    expect(checks[0]!.behaviour).toEqual([
      expect.objectContaining({
        file: 'checks/sign.json',
        ok: false,
        failedStep: 2,
        step: 'click the button "Sign"',
        message: expect.stringContaining('nothing on the page matches the button "Sign"'),
      }),
    ]);
    expect(checks[0]!.issues).toContainEqual(expect.objectContaining({ source: 'behaviour', file: 'checks/sign.json' }));
    expect(JSON.stringify(fake.requests.at(-1)!.body.messages)).toContain('Signing the guestbook shows the name');
    expect(checks[1]).toMatchObject({ ok: true, behaviour: [expect.objectContaining({ ok: true, failedStep: null })] });
    expect(events.at(-1)).toMatchObject({ type: 'run.finished', data: { fixRounds: 1 } });

    // "Ada" was written by the check into a dataset of its own, emptied afterwards.
    expect(await listAppCollections(t.db.db, { sproutId, dataset: 'test' })).toEqual([]);
    expect(await allAppDocuments(t.db.db, { sproutId, dataset: 'check' }, 'entries')).toEqual([]);
  });

  it('a check that still fails after the fix rounds keeps the working version and is kept as an attempt', async () => {
    const sproutId = await newProject(t, owner);
    const before = await versionsOf(t, owner, sproutId);
    fake.reply(
      ...Array.from({ length: 3 }, () => ({
        text: answer({ 'client/src/App.tsx': GUESTBOOK('Add'), 'sprout.data.json': RULES, 'checks/sign.json': SIGN_CHECK }),
      })),
    );
    const { events, runId } = await sendAndWait(t, owner, sproutId, 'a guestbook');
    expect(events.at(-1)).toMatchObject({
      type: 'run.failed',
      data: { code: 'attempt_failed', message: expect.stringContaining('the app does not do what its checks expect') },
    });
    expect((await versionsOf(t, owner, sproutId)).currentVersionId).toBe(before.currentVersionId);
    const attempt = await t.api('GET', `/build/v1/runs/${runId}/attempt`, { token: owner.idToken });
    expect(attempt.statusCode).toBe(200);
    expect(attempt.json().files).toContainEqual(expect.objectContaining({ path: 'checks/sign.json' }));
  });

  it('the checks call the candidate’s own functions, which are not a version yet, with the check’s data', async () => {
    const sproutId = await newProject(t, owner);
    const greeter = `import { useState } from 'react';
import { functions } from '@/lib/sprout';

export default function App() {
  const [answer, setAnswer] = useState('');
  const ask = async () => setAnswer(((await functions.call('greet', { name: 'Ada' })) as { text: string }).text);
  return (
    <main className="p-6">
      <button type="button" onClick={() => void ask()}>Ask the server</button>
      <p>{answer}</p>
    </main>
  );
}
`;
    const greet = `export default async function (req: Request, ctx: any) {
  const { name } = await req.json();
  await ctx.db.collection('greetings').add({ name });
  return { text: 'Hello from the server, ' + name };
}
`;
    const check = JSON.stringify({
      name: 'The server greets',
      steps: [
        { do: 'click', target: { role: 'button', name: 'Ask the server' } },
        { do: 'expectText', text: 'Hello from the server, Ada' },
      ],
    });
    fake.reply({ text: answer({ 'client/src/App.tsx': greeter, 'functions/greet.ts': greet, 'checks/greet.json': check }) });
    const { events } = await sendAndWait(t, owner, sproutId, 'a greeter with a server');
    expectWellFormed(events);
    expect(checkResults(events)[0]).toMatchObject({ ok: true, behaviour: [expect.objectContaining({ file: 'checks/greet.json', ok: true })] });
    expect(events.at(-1)).toMatchObject({ type: 'run.finished', data: { fixRounds: 0 } });
    // The function wrote as the owner into the check's own data, emptied afterwards, never the test data.
    expect(await listAppCollections(t.db.db, { sproutId, dataset: 'test' })).toEqual([]);
    expect(await allAppDocuments(t.db.db, { sproutId, dataset: 'check' }, 'greetings')).toEqual([]);
  });

  it('a function that throws as it loads is an issue of its file, which a fix round repairs', async () => {
    const sproutId = await newProject(t, owner);
    const quotes = `import { useEffect, useState } from 'react';
import { functions } from '@/lib/sprout';

export default function App() {
  const [quote, setQuote] = useState('');
  useEffect(() => {
    functions.call('quote').then((q) => setQuote((q as { text: string }).text), () => setQuote('No quote today'));
  }, []);
  return <main className="p-6"><h1>Quote of the day</h1><p>{quote}</p></main>;
}
`;
    const broken = `const table = JSON.parse('{not json');
export default async function () {
  return { text: table.first };
}
`;
    const fixed = `export default async function () {
  return { text: 'Simplicity is the soul of efficiency.' };
}
`;
    fake.reply(
      { text: answer({ 'client/src/App.tsx': quotes, 'functions/quote.ts': broken }) },
      { text: answer({ 'functions/quote.ts': fixed }, 'Moved the table into the function') },
    );
    const { events } = await sendAndWait(t, owner, sproutId, 'a quote of the day from the server');
    expectWellFormed(events);
    const [first, second] = checkResults(events);
    // The page itself handled the failure and rendered: only the function's answer tells.
    expect(first).toMatchObject({ ok: false, round: 0, render: { status: 'failed' } });
    expect(first!.issues).toContainEqual(
      expect.objectContaining({ source: 'render', file: 'functions/quote.ts', message: expect.stringContaining('The function "quote" failed as it loaded') }),
    );
    expect(JSON.stringify(fake.requests.at(-1)!.body.messages)).toContain('failed as it loaded');
    expect(second).toMatchObject({ ok: true, round: 1, render: { status: 'passed' } });
    expect(events.at(-1)).toMatchObject({ type: 'run.finished', data: { fixRounds: 1, remainingIssues: 0 } });
    expect(await fileOf(t, owner, sproutId, 'functions/quote.ts')).toBe(fixed);
  });

  it('a check reads the mail the candidate’s function sent, which goes to no one and never reaches the Outbox', async () => {
    const sproutId = await newProject(t, owner);
    const club = `import { useState } from 'react';
import { functions } from '@/lib/sprout';

export default function App() {
  const [done, setDone] = useState('');
  const join = async () => setDone(((await functions.call('welcome', { email: 'ada@example.com' })) as { status: string }).status);
  return (
    <main className="p-6">
      <button type="button" onClick={() => void join()}>Join</button>
      <p>{done ? 'Welcome mail: ' + done : ''}</p>
    </main>
  );
}
`;
    const welcome = `export default async function (req: Request, ctx: any) {
  const { email } = await req.json();
  return await ctx.email.send({ to: email, subject: 'Welcome to the club', text: 'Your card is ready.' });
}
`;
    const check = (subject: string) =>
      JSON.stringify({
        name: 'Joining sends the welcome mail',
        steps: [
          { do: 'click', target: { role: 'button', name: 'Join' } },
          { do: 'expectText', text: 'Welcome mail: sent' },
          { do: 'expectEmail', to: 'ada@example.com', subject },
        ],
      });
    fake.reply(
      { text: answer({ 'client/src/App.tsx': club, 'functions/welcome.ts': welcome, 'checks/welcome.json': check('Your invoice') }) },
      { text: answer({ 'checks/welcome.json': check('Welcome to the club') }, 'Fixed the check') },
    );
    const { events } = await sendAndWait(t, owner, sproutId, 'a club that welcomes by mail');
    expectWellFormed(events);
    const [first, second] = checkResults(events);
    expect(first!.behaviour).toEqual([
      expect.objectContaining({ ok: false, failedStep: 3, message: expect.stringContaining('it sent to ada@example.com "Welcome to the club"') }),
    ]);
    expect(second).toMatchObject({ ok: true, behaviour: [expect.objectContaining({ file: 'checks/welcome.json', ok: true })] });
    // Kept for the check alone, emptied afterwards: no mail server, no Outbox, no quota of the preview.
    expect(smtp.received.filter((m) => m.to.includes('ada@example.com'))).toEqual([]);
    expect(await listAppEmails(t.db.db, sproutId, 'test', 10)).toEqual([]);
    expect(await checkEmails(t.db.db, sproutId)).toEqual([]);
  });
});
