// A run of the offline builder whose request speaks of shared data but whose app keeps data per
// visitor: the data check asks for rules, and the builder's fix round declares them (each visitor's
// own), so the run ends clean in one round instead of spending every round on it.
import { describe, expect, it } from 'vitest';
import { parseDataRules } from '@sprout/core';
import { fileOf, newProject, sendAndWait, useTestApp } from '../testing';

const t = useTestApp();

describe('the offline builder and the data check', () => {
  it('answers “declare this collection” by writing it down as each visitor’s own', async () => {
    const person = await t.register();
    const sproutId = await newProject(t, person);
    const { events } = await sendAndWait(t, person, sproutId, 'Build a habit tracker that everyone on my team can see');
    const checks = events.filter((e) => e.type === 'check.result');
    expect(checks[0]!.data).toMatchObject({ ok: false, issues: [expect.objectContaining({ source: 'data' })] });
    expect(checks[checks.length - 1]!.data).toMatchObject({ ok: true });
    const finished = events.find((e) => e.type === 'run.finished')!;
    expect(finished.data).toMatchObject({ fixRounds: 1 });
    const rules = parseDataRules((await fileOf(t, person, sproutId, 'sprout.data.json')) ?? null);
    expect(rules.ok && Object.values(rules.rules.collections).every((c) => c.read === 'creator')).toBe(true);
  });
});
