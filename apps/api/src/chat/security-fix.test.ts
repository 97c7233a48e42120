import { beforeAll, describe, expect, it } from 'vitest';
import type { PublishCheck, RunEvent, SecurityFixStarted } from '@sprout/core/contract';
import { APP, expectWellFormed, fileOf, newProject, runEvents, type Session, usedToday, versionsOf, writeApp, writeProjectFiles } from '../testing';
import { useModelTestApp } from '../testing';

// One free security fix a day per person, so a test can reach the limit.
const { t, fake } = useModelTestApp({ RUNTIME_FIX_RUNS_PER_DAY: '1' });
let stranger: Session;

beforeAll(async () => {
  stranger = await t.register();
});

const OPEN_RULES = JSON.stringify({ collections: { posts: { create: 'anyone', read: 'anyone', update: 'anyone', delete: 'anyone' } } }, null, 2);
const OWN_RULES = JSON.stringify({ collections: { posts: { create: 'anyone', read: 'anyone', update: 'creator', delete: 'creator' } } }, null, 2);
const writeRules = (rules: string, summary: string) =>
  `I changed who may edit posts.\n\n<sprout-write path="sprout.data.json">\n${rules}\n</sprout-write>\n\n<sprout-summary>${summary}</sprout-summary>\n`;

async function projectWithOpenRules(): Promise<{ owner: Session; sproutId: string }> {
  const owner = await t.register();
  const sproutId = await newProject(t, owner);
  await writeProjectFiles(t, owner, sproutId, { 'sprout.data.json': OPEN_RULES });
  return { owner, sproutId };
}

const fixIt = (owner: Session, sproutId: string) => t.api('POST', `/build/v1/sprouts/${sproutId}/publish-check/fix`, { token: owner.idToken });

async function publishCheck(owner: Session, sproutId: string): Promise<PublishCheck> {
  const res = await t.api('GET', `/build/v1/sprouts/${sproutId}/publish-check`, { token: owner.idToken });
  expect(res.statusCode).toBe(200);
  return res.json() as PublishCheck;
}

const requestText = (n: number) => JSON.stringify(fake.requests.at(n)!.body.messages);

describe('"Fix it": a free run aimed at the security check’s findings', () => {
  it('keeps fixing while a critical finding stands, makes one version, and costs no message', async () => {
    const { owner, sproutId } = await projectWithOpenRules();
    expect((await publishCheck(owner, sproutId)).blocked).toBe(true);
    const versionsBefore = (await versionsOf(t, owner, sproutId)).versions.length;
    const usedBefore = await usedToday(t, owner);
    // The first answer changes something else; the run's own checks find the rules still open and ask again.
    fake.reply({ text: writeApp(APP('Posts')) }, { text: writeRules(OWN_RULES, 'Only authors change their posts') });
    const sent = fake.requests.length;

    const res = await fixIt(owner, sproutId);
    expect(res.statusCode, res.body).toBe(200);
    const { runId } = res.json() as SecurityFixStarted;
    const events = await runEvents(t, owner, runId);
    expectWellFormed(events);
    expect(events[0]).toMatchObject({ type: 'run.started', data: { kind: 'security-fix', messageId: null } });
    const fixes = events.filter((e): e is Extract<RunEvent, { type: 'fix.started' }> => e.type === 'fix.started');
    expect(fixes[0]!.data).toMatchObject({ round: 1, reason: 'security', issues: [{ source: 'security', file: 'sprout.data.json' }] });
    expect(fixes[1]!.data.issues.some((i) => i.source === 'security' && i.message.includes('"posts"'))).toBe(true);

    expect(fake.requests.length - sent).toBe(2);
    // The request names the finding, as data; the fix round names it again while it stands.
    expect(requestText(-2)).toContain('Publishing is blocked by these findings of the security check');
    expect(requestText(-2)).toContain('anyone can update and anyone can delete documents other people wrote');
    expect(requestText(-1)).toContain('[security]');

    expect(events.at(-1)).toMatchObject({ type: 'run.finished', data: { summary: 'Only authors change their posts' } });
    expect(JSON.parse((await fileOf(t, owner, sproutId, 'sprout.data.json'))!)).toEqual(JSON.parse(OWN_RULES));
    expect((await versionsOf(t, owner, sproutId)).versions).toHaveLength(versionsBefore + 1);
    expect(await usedToday(t, owner)).toBe(usedBefore);
    expect(await publishCheck(owner, sproutId)).toMatchObject({ blocked: false });
    // The run is the project's like any other: listed with its kind.
    const run = await t.api('GET', `/build/v1/runs/${runId}`, { token: owner.idToken });
    expect(run.json()).toMatchObject({ kind: 'security-fix', refunded: false });
  });

  it('starts nothing for a version with nothing critical, for someone else’s project, or past the day’s free fixes', async () => {
    const { owner, sproutId } = await projectWithOpenRules();
    expect((await fixIt(stranger, sproutId)).statusCode).toBe(404);

    fake.reply({ text: writeRules(OWN_RULES, 'Fixed') });
    const first = await fixIt(owner, sproutId);
    expect(first.statusCode, first.body).toBe(200);
    await runEvents(t, owner, (first.json() as SecurityFixStarted).runId);

    const clean = await fixIt(owner, sproutId);
    expect(clean.statusCode).toBe(409);
    expect(clean.json()).toMatchObject({ code: 'nothing_to_fix' });

    await writeProjectFiles(t, owner, sproutId, { 'sprout.data.json': OPEN_RULES });
    const sent = fake.requests.length;
    const limited = await fixIt(owner, sproutId);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'security_fix_limit_reached', message: expect.stringContaining('1 a day') });
    expect(fake.requests.length).toBe(sent);
  });
});
