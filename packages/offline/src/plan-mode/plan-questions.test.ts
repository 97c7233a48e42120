// Every suggested answer must be one the builder acts on: here each is appended to the request as an
// approved plan sends it, built through the whole answer (as a run applies it), and its effect looked
// for in the files.

import type { PlanQuestion } from '@sprout/core/contract';
import { describe, expect, it } from 'vitest';
import { converse } from '../testing';
import { buildApp, withAnswer } from './built-app';
import { questionsFor } from './plan-questions';

const WORKOUTS = 'i want a workout log where i record sets, reps and weight';

const questionsOf = (request: string) => questionsFor(request, buildApp(request));
const question = (request: string, id: string): PlanQuestion => {
  const q = questionsOf(request).find((x) => x.id === id);
  if (!q) throw new Error(`no ${id} question for ${request}`);
  return q;
};
/** The files a build of the request gets, with the answer appended. */
const build = (request: string, q?: PlanQuestion, answer?: string) => converse([q && answer ? withAnswer(request, q.text, answer) : request])[0]!.files;
const rulesOf = (files: Map<string, string>) => (files.has('sprout.data.json') ? JSON.parse(files.get('sprout.data.json')!).collections : null);

describe('plan questions', () => {
  it('asks who sees a list, and each answer builds that sharing', () => {
    const q = question(WORKOUTS, 'sharing');
    expect(q.text).toBe('Who should see the workouts?');
    const [mine, team, everyone] = q.options;
    expect(rulesOf(build(WORKOUTS, q, mine))).toBeNull();
    expect(rulesOf(build(WORKOUTS, q, team)).workouts).toMatchObject({ create: 'signed-in', read: 'signed-in' });
    expect(build(WORKOUTS, q, team).has('client/src/components/AuthGate.tsx')).toBe(true);
    expect(rulesOf(build(WORKOUTS, q, everyone)).workouts).toMatchObject({ create: 'anyone', read: 'anyone' });
  });

  it('offers a chart of the number the builder charts, and tags, and building them adds them', () => {
    const q = question(WORKOUTS, 'extras');
    expect(q.options).toEqual(['A chart of weight over time', 'Tags, with a filter by tag', 'Nothing more']);
    const chart = build(WORKOUTS, q, q.options[0]);
    expect(chart.has('client/src/collection/Chart.tsx')).toBe(true);
    expect(chart.get('client/src/config.ts')).toContain("chart: { field: 'weight'");
    // The fields named before the answer are all still there.
    expect(chart.get('client/src/config.ts')).toMatch(/name: 'sets'[\s\S]*name: 'reps'[\s\S]*name: 'weight'/);
    expect(build(WORKOUTS, q, q.options[1]).get('client/src/App.tsx')).toContain('tags={true}');
    expect([...build(WORKOUTS, q, q.options[2])]).toEqual([...build(WORKOUTS)]);
  });

  it('asks for a look when the request names none, and each answer shows in the theme', () => {
    const q = question(WORKOUTS, 'look');
    expect(q.options).toEqual(['Sprout’s choice', 'A dark theme', 'Calm, soft colours', 'Bold, vibrant colours']);
    expect([...build(WORKOUTS, q, 'Sprout’s choice')]).toEqual([...build(WORKOUTS)]);
    expect(build(WORKOUTS, q, 'A dark theme').get('client/index.html')).toContain('<html lang="en" class="dark">');
    expect(build(WORKOUTS, q, 'Calm, soft colours').get('client/src/index.css')).toContain('Theme: calm palette');
    expect(build(WORKOUTS, q, 'Bold, vibrant colours').get('client/src/index.css')).toContain('Theme: vibrant palette');
  });

  it('keeps every answer it offers for other apps acting too: the same kind of app, changed', () => {
    for (const request of [
      'a recipe box where I save recipes and filter by tag',
      'A habit tracker with streaks',
      'Build a Trello-style kanban board for my team',
      'a guestbook everyone can sign',
    ]) {
      const plain = build(request);
      for (const q of questionsOf(request)) {
        expect(q.options.length, `${request}: ${q.id}`).toBeGreaterThanOrEqual(2);
        const changed = q.options.filter((a) => JSON.stringify([...build(request, q, a)]) !== JSON.stringify([...plain]));
        // At most one answer keeps things as planned; every other one changes the app.
        expect(changed.length, `${request}: ${q.id}`).toBeGreaterThanOrEqual(q.options.length - 1);
      }
    }
  });

  it('does not ask what the request already says, nor what the builder cannot act on', () => {
    // Said: the sharing, a chart, the colours.
    expect(questionsOf('a private reading list just for me').map((q) => q.id)).not.toContain('sharing');
    expect(questionsOf('a shared shopping list for our household').map((q) => q.id)).not.toContain('sharing');
    expect(question('mood journal - rate my mood 1-5 each day, show a chart', 'extras').options).not.toContain('A chart of mood over time');
    expect(questionsOf('a workout log in earthy tones').map((q) => q.id)).not.toContain('look');
    // A form's answers are the owner's alone: nobody is asked to share them.
    expect(questionsOf('wedding RSVP form that saves the guest name and email').map((q) => q.id)).toEqual(['look']);
    expect(questionsOf(WORKOUTS).length).toBeLessThanOrEqual(3);
  });
});
