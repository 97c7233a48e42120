import type { FlagOverridesBody } from '@sprout/core/contract';
import { COURSE_ENGINEER, hasRole, INTERNAL_STAFF_TIER, type Flags } from '@sprout/core';
import type { UserWithTier } from '@sprout/db';
import { forbidden } from '../errors';
import type { FeatureFlag } from '../plugins/feature-gate';
import type { Services } from '../services';
import { effectiveFlags } from './effective-flags';

/** Internal staff and course engineers: their developer toolbar switches features in the browser, which the server cannot see. */
export function isDeveloper(user: UserWithTier): boolean {
  return user.tier === INTERNAL_STAFF_TIER || hasRole(user.roles, COURSE_ENGINEER);
}

/** The user's flags (every layer: user > plan > global > FLAG_DEFAULTS), plus the request's developer overrides. */
export async function flagsFor(s: Services, user: UserWithTier, overrides?: FlagOverridesBody): Promise<Flags> {
  const flags = await effectiveFlags(s, user);
  if (!overrides || Object.keys(overrides).length === 0) return flags;
  if (!isDeveloper(user)) throw forbidden('Only Sprout staff and course engineers can override flags.');
  return { ...flags, ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) };
}

/**
 * Whether a route's feature is on for a person (the feature gate asks): staff and course engineers
 * pass every gate, since their developer toolbar switches features in the browser, which the server
 * cannot see.
 */
export async function featureOn(s: Services, user: UserWithTier, feature: FeatureFlag): Promise<boolean> {
  return isDeveloper(user) || (await effectiveFlags(s, user))[feature];
}
