import { describe, expect, it } from 'vitest';
import type { Plan } from '@sprout/core/contract';
import { readPlanAnswer, writePlanAnswer } from './plan-answer';

const PLAN: Plan = {
  summary: 'A workout log: each session’s exercises with sets, reps and weight, and a chart of progress.',
  screens: [{ name: 'Log', description: 'Add a session and its exercises' }],
  data: [{ name: 'Sessions', fields: ['Date', 'Exercise', 'Sets', 'Reps', 'Weight'], access: 'Each visitor’s own' }],
  integrations: [],
  design: 'Dark, compact, sporty.',
  questions: [{ id: 'chart', text: 'What should the chart show?', options: ['Weight per exercise', 'Weekly volume'] }],
};

describe('plan answers', () => {
  it('reads back what it writes, with the prose apart', () => {
    const read = readPlanAnswer(writePlanAnswer('Here is the plan.', PLAN));
    expect(read).toEqual({ plan: PLAN, prose: 'Here is the plan.' });
    const checked = { ...PLAN, checklist: ['Adds a workout with sets, reps and weight', 'Shows the weekly volume'] };
    expect(readPlanAnswer(writePlanAnswer('Plan.', checked)).plan).toEqual(checked);
  });

  it('is lenient where models are loose: strings for screens, missing lists, questions without ids, a fenced body', () => {
    const text = `Plan:\n<sprout-plan>\n\`\`\`json\n${JSON.stringify({
      summary: 'A shop',
      screens: ['Catalogue', { name: 'Cart' }],
      design: '',
      questions: [
        { question: 'Which payment?', options: ['Card', 'Cash', ''] },
        { text: 'Which payment?', options: ['x'] },
        { text: 'No options' },
        { text: 'Four', options: ['a'] },
      ],
    })}\n\`\`\`\n</sprout-plan>`;
    const { plan } = readPlanAnswer(text);
    expect(plan?.screens).toEqual([
      { name: 'Catalogue', description: 'Catalogue' },
      { name: 'Cart', description: 'Cart' },
    ]);
    expect(plan?.data).toEqual([]);
    expect(plan?.design).toBe('Clean and simple, in the template’s theme.');
    // At most three questions; one without options is dropped; ids are made and kept apart.
    expect(plan?.questions).toEqual([
      { id: 'which-payment', text: 'Which payment?', options: ['Card', 'Cash'] },
      { id: 'which-payment-2', text: 'Which payment?', options: ['x'] },
    ]);
  });

  it('gives no plan for an answer without one, broken JSON or no summary, and never throws', () => {
    expect(readPlanAnswer('Just words')).toEqual({ plan: null, prose: 'Just words' });
    expect(readPlanAnswer('<sprout-plan>{oops</sprout-plan>').plan).toBeNull();
    expect(readPlanAnswer('<sprout-plan>[1,2]</sprout-plan>').plan).toBeNull();
    expect(readPlanAnswer('<sprout-plan>{"screens":[]}</sprout-plan>').plan).toBeNull();
    expect(readPlanAnswer('<sprout-plan>null').plan).toBeNull();
  });
});

describe("a new project's design directions in a plan", () => {
  const answer = (directions: unknown) =>
    readPlanAnswer(`Plan.\n<sprout-plan>${JSON.stringify({ summary: 'A gym log', directions })}</sprout-plan>`).plan?.directions;

  it('reads a model’s directions: ids and the words a Build sends are made, short colours widened, unknown styles defaulted', () => {
    const read = answer([
      {
        name: 'Iron Night',
        description: 'Charcoal with a hot orange, bold and compact.',
        colors: { primary: '#F97316', secondary: '#fff', background: '#111111', text: '#f5f5f5' },
        dark: true,
        type: 'mono',
        density: 'compact',
      },
      {
        name: 'Chalk',
        description: 'Chalk white and graphite.',
        palette: { primary: '#333333', accent: '#999999', background: '#ffffff', foreground: '#111111' },
        type: 'gothic',
      },
    ]);
    expect(read).toEqual([
      {
        id: 'iron-night',
        name: 'Iron Night',
        description: 'Charcoal with a hot orange, bold and compact.',
        words: 'the “Iron Night” design, dark mode',
        palette: { primary: '#f97316', accent: '#ffffff', background: '#111111', foreground: '#f5f5f5' },
        dark: true,
        type: 'mono',
        density: 'compact',
      },
      expect.objectContaining({ id: 'chalk', dark: false, type: 'sans', density: 'comfortable' }),
    ]);
  });

  it('drops a direction that cannot be drawn or read: a missing or named colour, unreadable text, no name; keeps at most three', () => {
    const ok = { name: 'Plain', palette: { primary: '#000000', accent: '#777777', background: '#ffffff', foreground: '#000000' } };
    expect(
      answer([
        { ...ok, name: '' },
        { ...ok, palette: { ...ok.palette, primary: 'red' } },
        { ...ok, palette: { ...ok.palette, accent: undefined } },
        { ...ok, palette: { ...ok.palette, foreground: '#eeeeee' } },
        { ...ok, palette: { ...ok.palette, background: 'url(javascript:alert(1))' } },
        'Dark',
        null,
      ]),
    ).toBeUndefined();
    const many = answer([ok, ok, ok, ok]);
    expect(many?.map((d) => d.id)).toEqual(['plain', 'plain-2', 'plain-3']);
    expect(answer('three of them')).toBeUndefined();
  });
});
