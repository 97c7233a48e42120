import { describe, expect, it } from 'vitest';
import { UPGRADE_DESTINATIONS, isUpgradeDestination, upgradePath } from './upgrade-destinations';

describe('upgrade destinations', () => {
  it('names exactly the destinations of the spec', () => {
    expect(Object.keys(UPGRADE_DESTINATIONS).sort()).toEqual([
      'billing',
      'pricing',
      'publish',
      'upgradeDeployments',
      'upgradeDomains',
      'upgradeMessages',
      'upgradeProjects',
    ]);
  });

  it('maps them to same-origin paths', () => {
    expect(upgradePath('pricing')).toBe('/pricing');
    expect(upgradePath('upgradeMessages')).toBe('/pricing?reason=messages');
    expect(upgradePath('upgradeProjects')).toBe('/pricing?reason=projects');
    expect(upgradePath('upgradeDeployments')).toBe('/pricing?reason=deployments');
    expect(upgradePath('billing')).toBe('/settings/billing');
    expect(upgradePath('publish')).toBe('/pricing?reason=publish');
    for (const path of Object.values(UPGRADE_DESTINATIONS)) expect(path).toMatch(/^\/[a-z]/);
  });

  it('recognises only real names', () => {
    expect(isUpgradeDestination('billing')).toBe(true);
    for (const x of ['Billing', 'toString', '__proto__', '', null, 3]) expect(isUpgradeDestination(x)).toBe(false);
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(UPGRADE_DESTINATIONS)).toBe(true);
  });
});
