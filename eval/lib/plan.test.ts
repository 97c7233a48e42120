import type { DesignDirection, Plan } from '@sprout/core/contract';
import { describe, expect, it } from 'vitest';
import { planMismatches, resolveAnswers } from './plan';

const direction = (id: string): DesignDirection => ({
  id,
  name: id,
  description: `${id} look`,
  words: `a ${id} palette`,
  palette: { primary: '#112233', accent: '#445566', background: '#ffffff', foreground: '#000000' },
  dark: false,
  type: 'sans',
  density: 'comfortable',
});

const PLAN: Plan = {
  summary: 'Without a model, Sprout can’t build a band voting app. It can build one of these instead:',
  screens: [],
  data: [{ name: 'Workouts', fields: ['Exercise', 'Sets', 'Notes (new)'], access: 'Each visitor’s own' }],
  integrations: [],
  design: 'Plain',
  questions: [{ id: 'instead', text: 'Which of these should I build instead?', options: ['A voting form', 'A guestbook'] }],
  directions: [direction('energetic'), direction('neon')],
};

describe('planMismatches', () => {
  it('finds nothing when the plan says what it must', () => {
    expect(
      planMismatches(
        {
          questions: { min: 1, max: 3 },
          questionIds: ['instead'],
          dataFields: ['sets', 'NOTES', 'Notes (new)'],
          instead: true,
          summaryContains: ['band voting'],
          summaryNotContains: ['I’ll build'],
          screens: { max: 0 },
          directions: true,
        },
        PLAN,
      ),
    ).toEqual([]);
    expect(planMismatches(undefined, PLAN)).toEqual([]);
  });

  it('names every way the plan differs, and a run that proposed none', () => {
    expect(planMismatches({}, null)).toEqual(['proposed no plan (no plan.proposed event)']);
    expect(
      planMismatches(
        {
          questions: { min: 2 },
          questionIds: ['sharing'],
          dataFields: ['Weight'],
          instead: false,
          summaryContains: ['Workout'],
          summaryNotContains: ['can’t'],
          screens: { min: 1 },
          directions: false,
        },
        PLAN,
      ),
    ).toEqual([
      'the plan has 1 question, expected at least 2',
      'the plan has 0 screens, expected at least 1',
      'the plan does not ask "sharing" (it asks: instead)',
      'no collection of the plan has the field "Weight" (fields: Exercise, Sets, Notes (new))',
      'the plan asks what to build instead ("Which of these should I build instead?")',
      `the plan's summary does not say "Workout": "${PLAN.summary}"`,
      `the plan's summary says "can’t": "${PLAN.summary}"`,
      'the plan offers design directions',
    ]);
    expect(planMismatches({ instead: true, directions: true }, { ...PLAN, questions: [], directions: undefined })).toEqual([
      'the plan does not ask what to build instead (the "instead" question)',
      'the plan offers no design directions',
    ]);
  });
});

describe('resolveAnswers', () => {
  it('picks options by index, matches texts to options, and keeps other texts as written', () => {
    expect(resolveAnswers(PLAN, { instead: 1 }).answers).toEqual({ instead: 'A guestbook' });
    expect(resolveAnswers(PLAN, { instead: 'a VOTING form' }).answers).toEqual({ instead: 'A voting form' });
    expect(resolveAnswers(PLAN, { instead: 'A recipe box' })).toEqual({ answers: { instead: 'A recipe box' }, skipped: [] });
  });

  it('answers design with a direction id, by index or id', () => {
    expect(resolveAnswers(PLAN, { design: 1 }).answers).toEqual({ design: 'neon' });
    expect(resolveAnswers(PLAN, { design: 'Energetic' }).answers).toEqual({ design: 'energetic' });
  });

  it('refuses a question the plan does not ask, an option it does not have, a direction it does not offer', () => {
    expect(() => resolveAnswers(PLAN, { sharing: 0 })).toThrow('the plan asks no question "sharing" (it asks: instead)');
    expect(() => resolveAnswers(PLAN, { instead: 2 })).toThrow('the question "instead" has 2 options, no option 2');
    expect(() => resolveAnswers(PLAN, { design: 5 })).toThrow('the plan offers no design direction 5 (it offers: energetic, neon)');
    expect(() => resolveAnswers({ ...PLAN, directions: undefined }, { design: 0 })).toThrow('the plan asks no question "design"');
  });

  it('leaves out what the plan does not ask when lenient (another model wrote it), saying so', () => {
    expect(resolveAnswers(PLAN, { sharing: 0, instead: 0, design: 'retro' }, true)).toEqual({
      answers: { instead: 'A voting form' },
      skipped: ['the plan asks no question "sharing" (it asks: instead)', 'the plan offers no design direction "retro" (it offers: energetic, neon)'],
    });
    expect(resolveAnswers(PLAN, { instead: 5 }, true)).toEqual({ answers: {}, skipped: ['the question "instead" has 2 options, no option 5'] });
  });
});
