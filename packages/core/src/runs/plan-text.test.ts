import { describe, expect, it } from 'vitest';
import type { Plan } from '../contract/plans';
import { directionsFor } from '../design/directions';
import { approvalRequest, approvedPlanText, planText } from './plan-text';

const PLAN: Plan = {
  summary: 'A workout log with a progress chart.',
  screens: [{ name: 'Log', description: 'Sessions and their sets' }],
  data: [{ name: 'Sessions', fields: ['Sets', 'Reps', 'Weight'], access: 'Each visitor’s own' }],
  integrations: [],
  design: 'Dark and compact.',
  questions: [
    { id: 'chart', text: 'What should the chart show?', options: ['Weight per exercise', 'Weekly volume'] },
    { id: 'share', text: 'Who sees the log?', options: ['Only me', 'My team'] },
  ],
};

describe('plan text', () => {
  it('says the plan section by section, leaving out empty ones', () => {
    const text = planText(PLAN);
    expect(text).toContain('Summary: A workout log with a progress chart.');
    expect(text).toContain('- Sessions (Sets, Reps, Weight) — Each visitor’s own');
    expect(text).not.toContain('integrations');
    expect(text).toContain('Design: Dark and compact.');
  });

  it('adds the answers and changes of an approved plan, and nothing for one not approved', () => {
    expect(approvedPlanText({ plan: PLAN, approved: null })).toBeNull();
    const text = approvedPlanText({ plan: PLAN, approved: { at: 'now', runId: 'r', answers: { chart: 'Weekly volume' }, notes: 'Add a rest timer' } });
    expect(text).toContain('- What should the chart show? Weekly volume');
    expect(text).toContain("The person's changes to the plan: Add a rest timer");
  });

  it('builds the request with the answers; an "instead" choice becomes the request', () => {
    expect(approvalRequest('A workout log', PLAN, { chart: 'Weekly volume', other: 'x' }, ' Add a rest timer ')).toBe(
      'A workout log\n\nWhat should the chart show? Weekly volume\n\nAdd a rest timer',
    );
    const offline: Plan = { ...PLAN, questions: [{ id: 'instead', text: 'Which of these should I build instead?', options: ['A poll where visitors vote'] }] };
    expect(approvalRequest('band voting', offline, { instead: 'A poll where visitors vote' }, null)).toBe('A poll where visitors vote');
    // A design direction picked is sent in words the builders know, with its colours.
    const withDirections: Plan = { ...PLAN, questions: [], directions: directionsFor('a workout log') };
    expect(approvalRequest('A workout log', withDirections, { design: 'energetic' }, null)).toBe(
      'A workout log\n\nDesign: an energetic palette, dark mode, bold and compact (Orange and yellow on a dark page, bold type, compact. Colours: primary #f97316, accent #facc15, background #0b0b0c, text #f5f5f5.)',
    );
    expect(approvalRequest('A workout log', withDirections, { design: 'not-offered' }, null)).toBe('A workout log');
    // An answer to a question the plan did not ask is not taken.
    expect(approvalRequest('band voting', PLAN, { instead: 'Something else' }, null)).toBe('band voting');
  });
});
