/** Every plan a user can be on. The order is the tier order used to tell upgrades from downgrades. */
export const TIER_IDS = ['free', 'tier-1', 'tier-2', 'tier-3', 'tier-4', 'sprout-tier-internal-staff', 'sprout-tier-external-partner'] as const;

export type TierId = (typeof TIER_IDS)[number];

export const FREE_TIER = 'free' satisfies TierId;
export const INTERNAL_STAFF_TIER = 'sprout-tier-internal-staff' satisfies TierId;
export const EXTERNAL_PARTNER_TIER = 'sprout-tier-external-partner' satisfies TierId;

/** Monthly message allowance of the Premium tiers; it is also the number shown in the plan label. */
export const TIER_ALLOWANCES = Object.freeze({
  'tier-1': 100,
  'tier-2': 250,
  'tier-3': 500,
  'tier-4': 1000,
} as const);

export type PremiumTierId = keyof typeof TIER_ALLOWANCES;

export function isTierId(x: unknown): x is TierId {
  return typeof x === 'string' && (TIER_IDS as readonly string[]).includes(x);
}

export function isPremiumTier(tier: unknown): tier is PremiumTierId {
  // hasOwn, not `in`: 'toString' or '__proto__' must not count as a tier.
  return typeof tier === 'string' && Object.hasOwn(TIER_ALLOWANCES, tier);
}

/** Paid plans and the staff and partner tiers: what an app of theirs may hold and run. */
export function hasPaidAppLimits(tier: string): boolean {
  return isPremiumTier(tier) || tier === INTERNAL_STAFF_TIER || tier === EXTERNAL_PARTNER_TIER;
}

export function tierAllowance(tier: string): number | null {
  return isPremiumTier(tier) ? TIER_ALLOWANCES[tier] : null;
}

export function planLabel(tier: string): string {
  if (tier === FREE_TIER) return 'Free';
  if (isPremiumTier(tier)) return `Premium ${TIER_ALLOWANCES[tier]}`;
  if (tier === INTERNAL_STAFF_TIER) return 'Internal Staff';
  if (tier === EXTERNAL_PARTNER_TIER) return 'External Partner';
  return 'Unknown subscription tier';
}

export type TierChangeDirection = 'upgrade' | 'downgrade' | 'equal';

export function tierChangeDirection(from: TierId, to: TierId): TierChangeDirection {
  if (from === to) return 'equal';
  // Leaving free is always an upgrade and going back to free always a downgrade, whatever the order says.
  if (from === FREE_TIER) return 'upgrade';
  if (to === FREE_TIER) return 'downgrade';
  return TIER_IDS.indexOf(to) > TIER_IDS.indexOf(from) ? 'upgrade' : 'downgrade';
}
