// The offline builder and the run's data check follow one decision of who sees what (core's
// chooseDataSharing): a team's app is built shared, so the check has nothing to ask. A request the
// builder's app still keeps per visitor (a personal app of the catalogue asked to show submissions):
// the data check asks for rules, and the builder's fix round declares them (each visitor's own), so
// the run ends clean in one round instead of spending every round on it.
import { describe, expect, it } from 'vitest';
import { parseDataRules } from '@sprout/core';
import { fileOf, newProject, sendAndWait, useTestApp } from '../testing';

const t = useTestApp();

describe('the offline builder and the data check', () => {
  it('builds a team’s app shared with its signed-in users, and says so first: nothing for the check to ask', async () => {
    const person = await t.register();
    const sproutId = await newProject(t, person);
    const { events } = await sendAndWait(t, person, sproutId, 'Build a habit tracker that everyone on my team can see');
    expect(events.filter((e) => e.type === 'check.result').map((e) => (e.data as { ok: boolean }).ok)).toEqual([true]);
    expect(events.find((e) => e.type === 'run.finished')!.data).toMatchObject({ fixRounds: 0 });
    const rules = parseDataRules((await fileOf(t, person, sproutId, 'sprout.data.json')) ?? null);
    expect(rules).toMatchObject({ ok: true, rules: { collections: { habits: { create: 'signed-in', read: 'signed-in', delete: 'creator' } } } });
    const reply = events.flatMap((e) => (e.type === 'text.delta' ? [(e.data as { text: string }).text] : [])).join('');
    const line = reply.split('\n')[0]!;
    expect(line).toMatch(/^Everyone who signs in to the app sees .*all habits; only the author can .*delete theirs\.$/);
    // The chat's stored reply opens with it once: the engine's line (from the committed rules) is the builder's.
    const chat = (await t.api('GET', `/build/v1/sprouts/${sproutId}/messages`, { token: person.idToken })).json().messages as {
      role: string;
      content: string;
    }[];
    const stored = chat.filter((m) => m.role === 'assistant').map((m) => m.content);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.startsWith(`${line}\n\nI built`)).toBe(true);
    expect(events.find((e) => e.type === 'version.created')!.data).toMatchObject({ sharing: line });
  });

  it('answers “declare this collection” by writing it down as each visitor’s own', async () => {
    const person = await t.register();
    const sproutId = await newProject(t, person);
    const { events } = await sendAndWait(t, person, sproutId, 'Build a habit tracker; I want to read the submissions');
    const checks = events.filter((e) => e.type === 'check.result');
    expect(checks[0]!.data).toMatchObject({ ok: false, issues: [expect.objectContaining({ source: 'data' })] });
    expect(checks[checks.length - 1]!.data).toMatchObject({ ok: true });
    const finished = events.find((e) => e.type === 'run.finished')!;
    expect(finished.data).toMatchObject({ fixRounds: 1 });
    const rules = parseDataRules((await fileOf(t, person, sproutId, 'sprout.data.json')) ?? null);
    expect(rules.ok && Object.values(rules.rules.collections).every((c) => c.read === 'creator')).toBe(true);
  });
});
