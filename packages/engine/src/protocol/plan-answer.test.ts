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
