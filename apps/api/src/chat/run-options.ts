import type { FlagOverridesBody } from '@sprout/core/contract';
import { COURSE_ENGINEER, hasRole, INTERNAL_STAFF_TIER, type Flags } from '@sprout/core';
import type { UserWithTier } from '@sprout/db';
import { ModelConfigError, type ResolvedModel } from '@sprout/engine';
import { AppError, forbidden } from '../errors';
import type { Services } from '../services';
import { effectiveFlags } from '../flags/effective-flags';

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

/** The model of a run: aiModelOverride when set (one the operator offers), else SPROUT_MODEL. Any other is a 400. */
export function modelFor(s: Services, flags: Flags): ResolvedModel {
  try {
    return s.engine.model(flags.aiModelOverride);
  } catch (err) {
    if (err instanceof ModelConfigError) throw new AppError(400, 'invalid_model', `The model override cannot be used: ${err.message}`);
    throw err;
  }
}
