// Every app the offline builder makes carries one to three behaviour checks that parse in the
// server's format. That they pass in Chromium on the app itself is apps/api's offline-checks test.

import { parseBehaviourChecks } from '@sprout/core';
import { describe, expect, it } from 'vitest';
import { CASES, COMPOSED } from '../cases';
import { converse } from '../testing';

describe('behaviour checks of every app', () => {
  it.each(CASES.map((c) => [c.prompt.slice(0, 60), c.prompt]))('%s', (_short, prompt) => {
    const [turn] = converse([prompt]);
    const parsed = parseBehaviourChecks(turn!.files);
    expect(parsed.problems).toEqual([]);
    expect(parsed.checks.length).toBeGreaterThanOrEqual(1);
    expect(parsed.checks.length).toBeLessThanOrEqual(3);
    // Every label and button a check names is written somewhere in the app's code or config.
    const code = [...turn!.files]
      .filter(([p]) => p.startsWith('client/src/'))
      .map(([, c]) => c)
      .join('\n');
    for (const check of parsed.checks)
      for (const step of check.steps) {
        const target = 'target' in step ? step.target : undefined;
        if (target && 'label' in target) expect(code, `${check.file}: label ${target.label}`).toContain(target.label);
      }
  });

  it('a new app replaces the previous app’s checks', () => {
    const [recipes, snake] = converse([COMPOSED[0]!, 'Now build me a snake game']);
    expect([...recipes!.files.keys()].filter((p) => p.startsWith('checks/'))).toEqual(['checks/add-recipes.json', 'checks/filter-by-tag.json']);
    expect([...snake!.files.keys()].filter((p) => p.startsWith('checks/'))).toEqual(['checks/start.json']);
  });

  it('a form field removed by a follow-up is no longer filled in by the checks', () => {
    const [rsvp, noGuests] = converse([COMPOSED[3]!, 'remove the email field']);
    expect(rsvp!.files.get('checks/send-form.json')).toContain('"name": "Email"');
    const after = parseBehaviourChecks(noGuests!.files);
    expect(after.problems).toEqual([]);
    expect(noGuests!.files.get('checks/send-form.json')).not.toContain('"name": "Email"');
    expect(after.checks[0]!.steps.map((s) => s.do)).toEqual(['fill', 'click', 'expectText']);
  });
});
