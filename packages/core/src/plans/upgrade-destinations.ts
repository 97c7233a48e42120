/**
 * Where each named upgrade entry point leads. Every upsell goes to the pricing page with a reason
 * the page can highlight; billing is the account page for an existing subscription.
 */
export const UPGRADE_DESTINATIONS = Object.freeze({
  pricing: '/pricing',
  upgradeMessages: '/pricing?reason=messages',
  upgradeProjects: '/pricing?reason=projects',
  upgradeDeployments: '/pricing?reason=deployments',
  upgradeDomains: '/pricing?reason=domains',
  billing: '/settings/billing',
  publish: '/pricing?reason=publish',
} as const);

export type UpgradeDestination = keyof typeof UPGRADE_DESTINATIONS;

export function isUpgradeDestination(x: unknown): x is UpgradeDestination {
  return typeof x === 'string' && Object.hasOwn(UPGRADE_DESTINATIONS, x);
}

export function upgradePath(name: UpgradeDestination): string {
  return UPGRADE_DESTINATIONS[name];
}
