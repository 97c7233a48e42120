import { FLAG_DEFAULTS, flagValueSchema, type FlagKey } from '@sprout/core';
import type { FlagOverview, PersonFlags } from '@sprout/core/contract';
import { changeFlag, getUserById, listFlagSettings, type FlagScope } from '@sprout/db';
import { findCatalogModel } from '@sprout/engine';
import { AppError, badRequest, notFound } from '../errors';
import { personFlagState } from '../flags/effective-flags';
import type { Services } from '../services';

/** GET /v1/admin/flags — the operator's defaults, what staff set for everyone and per plan, and the models on offer. */
export async function flagOverview(s: Services): Promise<FlagOverview> {
  const rows = await listFlagSettings(s.db);
  const plans: Record<string, Record<string, boolean | string | null>> = {};
  const global: Record<string, boolean | string | null> = {};
  for (const r of rows) {
    const value = r.value as boolean | string | null;
    if (r.scope === 'global') global[r.key] = value;
    else (plans[r.target] ??= {})[r.key] = value;
  }
  const { catalog } = s.config.models;
  return {
    defaults: FLAG_DEFAULTS,
    env: s.config.flagDefaults,
    global,
    plans,
    models: catalog.models.map((m) => ({ label: m.label, isDefault: m === catalog.default })),
  };
}

/**
 * A value fit for the flag: a switch takes true or false; aiModelOverride takes null (the default
 * model) or one of the models the operator offers, stored by its label — never another model, and
 * never an address.
 */
function checkedValue(s: Services, key: FlagKey, value: unknown): boolean | string | null {
  const parsed = flagValueSchema(key).safeParse(value);
  if (!parsed.success)
    throw badRequest('invalid_flag_value', key === 'aiModelOverride' ? 'Choose one of the models on offer, or none.' : `${key} is on or off (true or false).`);
  if (key !== 'aiModelOverride' || parsed.data === null) return parsed.data as boolean | null;
  const entry = findCatalogModel(s.config.models.catalog, parsed.data as string);
  if (!entry)
    throw new AppError(
      400,
      'invalid_model',
      `"${String(parsed.data).slice(0, 80)}" is not one of the models this Sprout offers (${s.config.models.catalog.models.map((m) => m.label).join(', ')}).`,
    );
  return entry.label;
}

/** Sets (value) or clears (undefined) a flag for everyone or a plan; audited. */
export async function setScopedFlag(
  s: Services,
  actorId: string,
  where: Exclude<FlagScope, { scope: 'user' }>,
  key: FlagKey,
  value: unknown,
): Promise<FlagOverview> {
  const stored = value === undefined ? undefined : checkedValue(s, key, value);
  const change = await changeFlag(s.db, { where, key, value: stored, actorId });
  s.log.warn({ actorId, ...where, key, change, event: 'flag_changed' }, `staff ${actorId} changed ${key} (${where.scope})`);
  return flagOverview(s);
}

/** A person's flags, sources and own values (the admin page's person view). */
export async function personFlags(s: Services, userId: string): Promise<PersonFlags> {
  const user = await getUserById(s.db, userId);
  if (!user) throw notFound('User not found.');
  const state = await personFlagState(s, user);
  return { flags: state.flags, sources: state.sources, own: state.own as PersonFlags['own'] };
}

/** Sets (value) or clears (undefined) a flag for one person; audited against them. */
export async function setPersonFlag(s: Services, actorId: string, userId: string, key: FlagKey, value: unknown): Promise<PersonFlags> {
  if (!(await getUserById(s.db, userId))) throw notFound('User not found.');
  const stored = value === undefined ? undefined : checkedValue(s, key, value);
  const change = await changeFlag(s.db, { where: { scope: 'user', userId }, key, value: stored, actorId });
  s.log.warn({ actorId, userId, key, change, event: 'flag_changed' }, `staff ${actorId} changed ${key} for ${userId}`);
  return personFlags(s, userId);
}
