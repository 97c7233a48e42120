import { describe, expect, it } from 'vitest';
import { converse } from '../testing';
import { appTitle, asPlanned, changePlan } from './change-plan';

const WORKOUTS = 'i want a workout log where i record sets, reps and weight';
const workoutLog = () => converse([WORKOUTS])[0]!.files;

describe('a change’s plan', () => {
  it('describes the change a build would make, with the data it adds', () => {
    const plan = changePlan('add a column for the supplier', workoutLog());
    expect(plan.summary).toBe('I’ll change Workout Log: add a Supplier field (text) to the records.');
    expect(plan.data).toEqual([{ name: 'Workouts', fields: ['Exercise', 'Sets', 'Reps', 'Weight', 'Supplier (new)'], access: 'Each visitor’s own' }]);
    expect(plan).toMatchObject({ screens: [], integrations: [], questions: [] });
  });

  it('shows a renamed or removed field without calling anything new', () => {
    expect(changePlan('rename the reps field to Repetitions', workoutLog()).data[0]!.fields).toEqual(['Exercise', 'Sets', 'Repetitions', 'Weight']);
    const dropped = changePlan('drop the weight', workoutLog());
    expect(dropped.summary).toBe('I’ll change Workout Log: remove the weight field from the records.');
    expect(dropped.data[0]!.fields).toEqual(['Exercise', 'Sets', 'Reps']);
  });

  it('says plainly what it cannot change offline, and that nothing would change', () => {
    const plan = changePlan('add a login page', workoutLog());
    expect(plan.summary).toMatch(/^Nothing would change in Workout Log\. Without a model, Sprout can’t “add a login page”\. Offline it can rename it/);
    expect(plan.data).toEqual([]);
    const partly = changePlan('make it dark and add a login page', workoutLog());
    expect(partly.summary).toBe('I’ll change Workout Log: switch the app to its dark theme. Without a model, Sprout can’t “add a login page”.');
    expect(partly.design).toMatch(/^Dark theme/);
    expect(changePlan('make it light', workoutLog()).summary).toMatch(/^Nothing would change in Workout Log\. It is already light\. Offline it can rename it/);
  });

  it('words the follow-up handlers’ messages as what it would do, and reads the app’s name', () => {
    expect(asPlanned('Added a **Size** field (text) to the records.')).toBe('add a Size field (text) to the records');
    expect(asPlanned('Renamed the app from A to **B**.')).toBe('rename the app from A to B');
    expect(appTitle(new Map([['client/index.html', '<title>Bits &amp; Bobs</title>']]))).toBe('Bits & Bobs');
    expect(appTitle(new Map())).toBe('the app');
  });
});
