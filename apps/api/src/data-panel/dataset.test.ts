import { beforeAll, describe, expect, it } from 'vitest';
import { appDataLimits } from '@sprout/core';
import { newId, publishDeployment } from '@sprout/db';
import { type Session, useTestApp } from '../testing';
import { BROKEN_RULES_TEXT, dataOverview } from './dataset';
import { addDocument, projectWithRules, sproutRow } from './test-helpers';

const t = useTestApp();
let owner: Session;
beforeAll(async () => {
  owner = await t.register();
});

describe('a dataset at a glance', () => {
  it('lists stored and declared collections, and the limits of the owner’s plan', async () => {
    const sprout = await sproutRow(t, owner, (await projectWithRules(t, owner)).id);
    await addDocument(t, sprout.id, 'live', 'guestbook', { text: 'hi' });
    const live = await dataOverview(t.app.services, owner.user.tier, sprout, 'live');
    expect(live.collections.map((c) => [c.name, c.documents, c.declared])).toEqual([
      ['bookings', 0, true],
      ['guestbook', 1, false],
      ['tasks', 0, true],
    ]);
    expect(live.collections[1]!.rules).toBe('Anyone can add to guestbook. Each visitor can see, change and delete only what they added.');
    expect(live.limits).toEqual(appDataLimits('free'));
    expect(live.limits.documents).toBe(2_000);
    expect((await dataOverview(t.app.services, owner.user.tier, sprout, 'test')).usage).toEqual({ documents: 0, bytes: 0 });
  });

  it('reports a rules file that does not parse, and what that means for each stored collection', async () => {
    const sprout = await sproutRow(t, owner, (await projectWithRules(t, owner, '{ not json')).id);
    await addDocument(t, sprout.id, 'test', 'notes', { text: 'hi' });
    const overview = await dataOverview(t.app.services, owner.user.tier, sprout, 'test');
    expect(overview.rulesProblems).toEqual([expect.stringContaining('sprout.data.json is not valid JSON')]);
    expect(overview.collections).toEqual([{ name: 'notes', documents: 1, declared: false, rules: BROKEN_RULES_TEXT }]);
  });

  it('describes live data by the published version’s rules, test data by the current version’s', async () => {
    const created = await projectWithRules(t, owner);
    const published = await publishDeployment(t.db.db, {
      ownerId: owner.user.id,
      sproutId: created.id,
      versionId: created.currentVersionId!,
      publicUrl: 'http://booking.sites.localhost',
      deploymentId: newId(),
      files: [],
    });
    expect(published.ok).toBe(true);
    // Then the rules change in the editor: the preview follows at once, the published app once republished.
    const open = JSON.stringify({ collections: { bookings: { create: 'anyone', read: 'anyone', update: 'anyone', delete: 'anyone' } } });
    const saved = await t.api('PUT', `/build/v1/sprouts/${created.id}/files`, {
      token: owner.idToken,
      body: { path: 'sprout.data.json', content: open, baseVersionId: created.currentVersionId },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const sprout = await sproutRow(t, owner, created.id);
    const rulesOf = async (dataset: 'test' | 'live') =>
      (await dataOverview(t.app.services, owner.user.tier, sprout, dataset)).collections.find((c) => c.name === 'bookings')!.rules;
    expect(await rulesOf('test')).toBe('Anyone can add to bookings, and see, change and delete them.');
    expect(await rulesOf('live')).toBe('Anyone can add to bookings. Only you can see, change and delete them.');
    expect((await dataOverview(t.app.services, owner.user.tier, sprout, 'live')).published).toBe(true);
  });
});
