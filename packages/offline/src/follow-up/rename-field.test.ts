// Renaming a field: its label everywhere it is shown and checked; its key only where no saved
// record is read back by the app.
import { QUICK_START_CHIPS } from '@sprout/core';
import { describe, expect, it } from 'vitest';
import { converse } from '../testing';

const WORKOUTS = 'a workout log with sets, reps and weight and a progress chart';
const RSVP = 'wedding RSVP form that saves the guest name, email, number of guests and dietary needs';
const chip = (id: string) => QUICK_START_CHIPS.find((c) => c.id === id)!.prompt;

describe('renaming a field', () => {
  it.each(['rename the weight field to Load', 'rename weight to Load', 'call the weight field Load', 'change the weight column to Load'])(
    '“%s” renames the label of a list’s field, keeping its key so saved records keep their values',
    (message) => {
      const [, t] = converse([WORKOUTS, message]);
      expect(t!.problems).toEqual([]);
      expect(t!.prose).toMatch(
        /^Done: renamed the \*\*Weight\*\* field to \*\*Load\*\* in the records\. Only its label changed: saved records keep their value under its stored name “weight”/,
      );
      const config = t!.files.get('client/src/config.ts')!;
      expect(config).toContain("{ name: 'weight', label: 'Load', type: 'number'");
      expect(config).toContain("chart: { field: 'weight'");
    },
  );

  it('renames the label in the checks that fill the field or read text made from it', () => {
    const [built, t] = converse([WORKOUTS, 'rename the weight field to Load']);
    expect(built!.files.get('checks/chart.json')).toContain('"name": "Weight"');
    const chart = t!.files.get('checks/chart.json')!;
    expect(chart).toContain('"name": "Load"');
    expect(chart).toContain('Add a load to see it charted here');
    expect(chart).not.toMatch(/weight/i);
  });

  it('renames the key too, in config and the rules, where only the owner reads the answers', () => {
    const [, t] = converse([RSVP, 'rename the dietary needs field to Allergies']);
    expect(t!.prose).toMatch(
      /^Done: renamed the \*\*Dietary needs\*\* field to \*\*Allergies\*\* in the records and in its rules in sprout\.data\.json\. Answers sent before keep it as “dietary” in the Data panel\./,
    );
    expect(t!.files.get('client/src/config.ts')).toContain("{ name: 'allergies', label: 'Allergies', type: 'textarea', required: false }");
    const rules = JSON.parse(t!.files.get('sprout.data.json')!) as { collections: { replies: { fields: Record<string, unknown> } } };
    expect(Object.keys(rules.collections.replies.fields)).toEqual(['guestName', 'email', 'numberOfGuests', 'allergies']);
  });

  it('keeps a key the app’s code reads, and says so', () => {
    const [, t] = converse([chip('fitness-coach-website'), 'call the full name field Your name']);
    expect(t!.prose).toMatch(
      /^Done: renamed the \*\*Full name\*\* field to \*\*Your name\*\* in the form\. Only its label changed: the app's code reads the answer as “name”\./,
    );
    expect(t!.changed).toEqual(['client/src/config.ts']);
  });

  it('renames the app when the old name is the app’s, and says how when it names neither', () => {
    const [, , app, kind, neither] = converse([
      WORKOUTS,
      'rename it to Zen',
      'rename Zen to Iron',
      'rename my workout app to Lift Log',
      'rename supplier to Vendor',
    ]);
    expect(app!.prose).toMatch(/^Done: renamed the app from Zen to \*\*Iron\*\*\./);
    expect(kind!.prose).toMatch(/^Done: renamed the app from Iron to \*\*Lift Log\*\*\./);
    expect(neither!.prose).toMatch(/^I didn't change anything\. I could not find a “supplier” field in this app\. To rename the app, say “call it Vendor”\./);
    expect(neither!.changed).toEqual([]);
  });

  it('refuses a name another field has', () => {
    const [, t] = converse([WORKOUTS, 'rename the sets field to Reps']);
    expect(t!.prose).toMatch(/^I didn't change anything\. The records already have a reps field\./);
  });
});
