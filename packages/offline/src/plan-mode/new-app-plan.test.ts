import { INSTEAD_QUESTION_ID } from '@sprout/core/contract';
import { describe, expect, it } from 'vitest';
import { buildApp } from './built-app';
import { newAppPlan } from './new-app-plan';

describe('a new app’s plan', () => {
  it('says what it will build and who sees the data, not the prompt again', () => {
    const plan = newAppPlan('a shared shopping list for our household');
    expect(plan.summary).toBe(
      'I’ll build Shopping List, a list of items (item, quantity and bought). Everyone who signs in to the app sees and edits all items; only the author can delete theirs.',
    );
    expect(plan.screens[0]!.name).toBe('Sign in');
  });

  it('lists as its checklist the behaviour checks its build will run, by their names', () => {
    const request = 'a workout log where i record sets, reps and weight';
    const names = [...buildApp(request).files]
      .filter(([path]) => path.startsWith('checks/'))
      .map(([, content]) => (JSON.parse(content) as { name: string }).name);
    expect(names.length).toBeGreaterThan(0);
    expect(newAppPlan(request).checklist).toEqual(names);
  });

  it('says what it will build without, as the build’s reply does', () => {
    expect(newAppPlan('A habit tracker with streaks that sends push notifications').summary).toMatch(
      /Without a model it can’t add sending emails or notifications\.$/,
    );
  });

  it('plans nothing for an app it cannot make, and says which it can instead', () => {
    for (const request of ['chess', 'a weather app', 'hello']) {
      const plan = newAppPlan(request);
      expect(plan.screens, request).toEqual([]);
      expect(
        plan.questions.map((q) => q.id),
        request,
      ).toEqual([INSTEAD_QUESTION_ID]);
    }
  });

  it('says when it replaces the app the project has', () => {
    expect(newAppPlan('Build a snake game', 'Recipe Box').summary).toMatch(/^This replaces Recipe Box with a new app\. I’ll build Snake/);
  });
});
