import { resolveFlags, type Flags, type ResolvedFlags } from '@sprout/core';
import { getFlagLayers, type UserWithTier } from '@sprout/db';
import { findCatalogModel, type ModelCatalog } from '@sprout/engine';
import type { Services } from '../services';

export interface PersonFlagState extends ResolvedFlags {
  /** What is set for this person alone (their layer), as stored. */
  own: Record<string, unknown>;
}

/**
 * A stored model that the operator no longer offers (removed from SPROUT_MODELS since) is skipped,
 * so the layer below decides: a person is never left with a model that refuses every message.
 */
function offeredOnly(values: Record<string, unknown>, catalog: ModelCatalog): Record<string, unknown> {
  const model = values.aiModelOverride;
  if (typeof model !== 'string' || findCatalogModel(catalog, model)) return values;
  const { aiModelOverride: _dropped, ...rest } = values;
  return rest;
}

/** A person's flags with where each comes from: user > plan > global > FLAG_DEFAULTS > the code's defaults. */
export async function personFlagState(s: Services, user: Pick<UserWithTier, 'id' | 'tier'>): Promise<PersonFlagState> {
  const stored = await getFlagLayers(s.db, user.id, user.tier);
  const catalog = s.config.models.catalog;
  const resolved = resolveFlags({
    env: s.config.flagDefaults,
    global: offeredOnly(stored.global, catalog),
    plan: offeredOnly(stored.plan, catalog),
    user: offeredOnly(stored.user, catalog),
  });
  return { ...resolved, own: stored.user };
}

/** The flags a person gets (GET /v1/flags, and what the server enforces). */
export async function effectiveFlags(s: Services, user: Pick<UserWithTier, 'id' | 'tier'>): Promise<Flags> {
  return (await personFlagState(s, user)).flags;
}
