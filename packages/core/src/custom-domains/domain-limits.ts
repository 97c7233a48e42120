import { isTierId, type TierId } from '../plans/tiers';

/** How many custom domains an account may connect across its apps; null means unlimited. Free has none. */
export const CUSTOM_DOMAIN_LIMITS: Readonly<Record<TierId, number | null>> = Object.freeze({
  free: 0,
  'tier-1': 3,
  'tier-2': 5,
  'tier-3': 10,
  'tier-4': 20,
  'sprout-tier-internal-staff': null,
  'sprout-tier-external-partner': null,
});

/** An unknown tier never gets more than Free. */
export function customDomainLimit(tier: string): number | null {
  return isTierId(tier) ? CUSTOM_DOMAIN_LIMITS[tier] : CUSTOM_DOMAIN_LIMITS.free;
}

/** Whether one more domain may be added, given how many the account has (a NaN count answers false). */
export function canAddCustomDomain(tier: string, count: number): boolean {
  const limit = customDomainLimit(tier);
  return limit === null || count < limit;
}
