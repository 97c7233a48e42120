import type { ChatMessage, MessageSent, Plan, Run } from '@sprout/core/contract';
import { directionsFor } from '@sprout/core';
import { writePlanAnswer } from '@sprout/engine/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { APP, fileOf, newProject, runEvents, sendAndWait, type Session, usedToday, useModelTestApp, writeApp } from '../testing';

// Plan mode at the provider seam: a scripted model answers a plan run with a plan; the run builds
// nothing and costs nothing; Build (approve) sends the request with the answers as one charged
// message, once; the approved plan is in the context of that build and of later runs.
const { t, fake } = useModelTestApp({ RENDER_CHECK: 'off' });
let person: Session, other: Session;
beforeAll(async () => {
  [person, other] = await Promise.all([t.register(), t.register()]);
});

const PLAN: Plan = {
  summary: 'A workout log: sessions with sets, reps and weight, and a chart of progress.',
  screens: [
    { name: 'Log', description: 'Add a session and its exercises' },
    { name: 'Progress', description: 'A chart per exercise' },
  ],
  data: [{ name: 'Sessions', fields: ['Date', 'Exercise', 'Sets', 'Reps', 'Weight'], access: 'Each visitor’s own' }],
  integrations: [],
  design: 'Dark, compact and sporty, with one accent colour.',
  questions: [{ id: 'chart', text: 'What should the chart show?', options: ['Weight per exercise', 'Weekly volume'] }],
  checklist: ['Adds a workout with sets, reps and weight', 'Shows the weekly volume'],
};

const approve = (s: Session, sproutId: string, body: unknown) => t.api('POST', `/build/v1/sprouts/${sproutId}/plan/approve`, { token: s.idToken, body });
const lastUserText = (i = -1) => {
  const body = fake.requests.at(i)!.body as { messages: { role: string; content: string | { type: string; text?: string }[] }[] };
  return body.messages
    .filter((m) => m.role === 'user')
    .flatMap((m) => (typeof m.content === 'string' ? [m.content] : m.content.map((p) => p.text ?? '')))
    .join('\n');
};
const systemOf = (i = -1) => {
  const body = fake.requests.at(i)!.body as { messages: { role: string; content: string | { text?: string }[] }[] };
  const sys = body.messages.find((m) => m.role === 'system')!;
  return typeof sys.content === 'string' ? sys.content : sys.content.map((p) => p.text ?? '').join('');
};

describe('plan mode', () => {
  it('answers with a plan, builds nothing and charges nothing; Build sends the request with the answers, charged once', async () => {
    const sproutId = await newProject(t, person);
    const before = await usedToday(t, person);
    fake.reply({ text: writePlanAnswer('Here is my plan.', PLAN), chunkSize: 7 });
    const plan = await sendAndWait(t, person, sproutId, 'a workout log with sets, reps and weight and a progress chart', { mode: 'plan' });
    expect(systemOf()).toContain('Plan mode: no code this time');
    expect(plan.types).toContain('plan.proposed');
    // A new project's plan also offers three design directions, made without the model.
    const proposed = plan.events.find((e) => e.type === 'plan.proposed')!.data as Plan;
    expect(proposed).toEqual({ ...PLAN, directions: directionsFor('a workout log with sets, reps and weight and a progress chart') });
    expect(proposed.directions!.map((d) => d.id)).toEqual(['energetic', 'neon', 'monochrome']);
    // The chat shows the prose, never the plan's JSON.
    const streamed = plan.events.flatMap((e) => (e.type === 'text.delta' ? [e.data.text] : [])).join('');
    expect(streamed.trim()).toBe('Here is my plan.');
    expect(plan.events.at(-1)).toMatchObject({ type: 'run.finished', data: { versionId: null } });
    expect(plan.types).not.toContain('version.created');
    expect(await usedToday(t, person)).toBe(before);
    const chat = (await t.api('GET', `/build/v1/sprouts/${sproutId}/messages`, { token: person.idToken })).json() as { messages: ChatMessage[] };
    const stored = chat.messages.find((m) => m.runId === plan.runId && m.role === 'assistant')!.run as Run;
    expect(stored).toMatchObject({ kind: 'plan', status: 'succeeded', plan: { plan: proposed, approved: null } });

    fake.reply({ text: writeApp(APP('Workout log'), 'Built it.', 'Built the workout log') });
    const res = await approve(person, sproutId, {
      runId: plan.runId,
      answers: { chart: 'Weekly volume', invented: 'x', design: 'neon' },
      notes: 'Add a rest timer',
    });
    expect(res.statusCode, res.body).toBe(202);
    const build = await runEvents(t, person, (res.json() as MessageSent).runId);
    expect(build.at(-1)!.type).toBe('run.finished');
    // The plan's checklist as the build's checks ended (no render check here: no behaviour check ran).
    const checked = build.find((e) => e.type === 'plan.checked')!.data as { planRunId: string; items: unknown[] };
    expect(checked).toEqual({
      planRunId: plan.runId,
      items: [
        { item: 'Adds a workout with sets, reps and weight', status: 'not-built' },
        { item: 'Shows the weekly volume', status: 'not-built' },
      ],
    });
    const planRun = (await t.api('GET', `/build/v1/runs/${plan.runId}`, { token: person.idToken })).json() as Run;
    expect(planRun.plan?.checked).toEqual(checked.items);
    // The build was told to keep a check per item.
    expect(lastUserText()).toContain('Checklist: keep one behaviour check (checks/*.json) per item');
    expect(await usedToday(t, person)).toBe(before + 1);
    expect(await fileOf(t, person, sproutId, 'client/src/App.tsx')).toBe(APP('Workout log'));
    // The build's model saw the approved plan, the request, the answer it was given and the change; not an answer to no question.
    const seen = lastUserText();
    expect(seen).toContain('The plan the person approved for this app');
    expect(seen).toContain('Sessions (Date, Exercise, Sets, Reps, Weight) — Each visitor’s own');
    expect(seen).toContain(
      'a workout log with sets, reps and weight and a progress chart\n\nWhat should the chart show? Weekly volume\n\nDesign: a neon palette, dark mode',
    );
    expect(seen).toContain('Add a rest timer');
    expect(seen).toContain('Design direction: Neon');
    expect(seen).not.toContain('invented');

    // Once: a second Build starts nothing.
    const again = await approve(person, sproutId, { runId: plan.runId });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('plan_approved');
    expect(await usedToday(t, person)).toBe(before + 1);

    // A later message still has the plan in its context.
    fake.reply({ text: 'Nothing to change.' });
    await sendAndWait(t, person, sproutId, 'what does the chart show?');
    expect(lastUserText()).toContain('What should the chart show? Weekly volume');
  });

  it("offers a configured model's own design directions for a new project, sends the one picked to the build, and asks for none on a change", async () => {
    const sproutId = await newProject(t, person);
    const palette = (primary: string, background: string, foreground: string) => ({ primary, accent: '#f59e0b', background, foreground });
    const own = [
      {
        name: 'Midnight Lift',
        description: 'Graphite and a hot orange, compact.',
        palette: palette('#f97316', '#0f0f10', '#fafafa'),
        dark: true,
        type: 'mono',
        density: 'compact',
      },
      {
        name: 'Chalk Board',
        description: 'Chalk white and slate, airy.',
        palette: palette('#334155', '#ffffff', '#0f172a'),
        dark: false,
        type: 'sans',
        density: 'airy',
      },
    ];
    fake.reply({ text: writePlanAnswer('Plan.', { ...PLAN, directions: own as Plan['directions'] }) });
    const plan = await sendAndWait(t, person, sproutId, 'a lifting log', { mode: 'plan' });
    expect(systemOf()).toContain('This is a new project: the plan also offers three design directions');
    const proposed = plan.events.find((e) => e.type === 'plan.proposed')!.data as Plan;
    expect(proposed.directions!.map((d) => [d.id, d.name, d.palette.primary, d.type])).toEqual([
      ['midnight-lift', 'Midnight Lift', '#f97316', 'mono'],
      ['chalk-board', 'Chalk Board', '#334155', 'sans'],
    ]);

    fake.reply({ text: writeApp(APP('Lifting log'), 'Built it.', 'Built the lifting log') });
    const res = await approve(person, sproutId, { runId: plan.runId, answers: { design: 'midnight-lift' } });
    expect(res.statusCode, res.body).toBe(202);
    expect((await runEvents(t, person, (res.json() as MessageSent).runId)).at(-1)!.type).toBe('run.finished');
    // The build is told the direction's colours, which only the model's direction carried.
    expect(lastUserText()).toContain(
      'Design: the “Midnight Lift” design, dark mode (Graphite and a hot orange, compact. Colours: primary #f97316, accent #f59e0b, background #0f0f10, text #fafafa.)',
    );

    // A change to a built app: no directions asked for, none offered even if the model writes some.
    fake.reply({ text: writePlanAnswer('Plan.', { ...PLAN, directions: own as Plan['directions'] }) });
    const change = await sendAndWait(t, person, sproutId, 'add a rest timer', { mode: 'plan' });
    expect(systemOf()).toContain('Plan mode: no code this time');
    expect(systemOf()).not.toContain('design directions');
    expect((change.events.find((e) => e.type === 'plan.proposed')!.data as Plan).directions).toBeUndefined();
  });

  it('turns an answer with no readable plan into a plan in its own words', async () => {
    const sproutId = await newProject(t, person);
    fake.reply({ text: 'I would build a small recipe box with a list and a detail page.' });
    const { events } = await sendAndWait(t, person, sproutId, 'a recipe box', { mode: 'plan' });
    expect(events.find((e) => e.type === 'plan.proposed')!.data).toMatchObject({
      summary: 'I would build a small recipe box with a list and a detail page.',
      questions: [],
    });
  });

  it('approves only a plan of this project, by its owner', async () => {
    const sproutId = await newProject(t, person);
    fake.reply({ text: writePlanAnswer('Plan.', PLAN) });
    const plan = await sendAndWait(t, person, sproutId, 'a workout log', { mode: 'plan' });
    fake.reply({ text: 'Nothing to change.' });
    const message = await sendAndWait(t, person, sproutId, 'hello');
    const otherProject = await newProject(t, person);
    const cases: [Session, string, unknown, number][] = [
      [other, sproutId, { runId: plan.runId }, 404],
      [person, otherProject, { runId: plan.runId }, 404],
      [person, sproutId, { runId: message.runId }, 404],
      [person, sproutId, { runId: 'nosuchrun' }, 404],
      [person, sproutId, { runId: plan.runId, answers: { chart: 'x'.repeat(301) } }, 400],
      [person, sproutId, { runId: plan.runId, notes: 'x'.repeat(2001) }, 400],
    ];
    for (const [who, project, body, status] of cases) {
      const res = await approve(who, project, body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 80)}: ${res.body}`).toBe(status);
    }
  });
});
