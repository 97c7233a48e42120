import { FLAG_DEFAULTS, FLAG_KEYS, isFlagKey, type FlagKey, type Flags } from './flags';
import { flagValueSchema } from './flag-schemas';

/**
 * Where a flag's value comes from, weakest first: the code's default, the operator's
 * FLAG_DEFAULTS, then what staff set for everyone, for a plan, and for one person. The nearer a
 * layer is to the person, the more it wins, so an operator can open a feature to one plan and
 * still close it for one person on that plan.
 */
export const FLAG_LAYERS = ['default', 'env', 'global', 'plan', 'user'] as const;
export type FlagLayer = (typeof FLAG_LAYERS)[number];

/** Stored values of one layer, as read from the database: keys and values are checked, not trusted. */
export type FlagLayerValues = Record<string, unknown>;

export interface ResolvedFlags {
  flags: Flags;
  /** The layer each flag's value came from. */
  sources: Record<FlagKey, FlagLayer>;
}

/** A layer's valid values only: unknown keys and ill-typed values are dropped (stored flags outlive code). */
export function validFlagValues(values: unknown): Partial<Flags> {
  const out: Partial<Flags> = {};
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return out;
  for (const key of Object.keys(values)) {
    if (!isFlagKey(key)) continue;
    const parsed = flagValueSchema(key).safeParse((values as Record<string, unknown>)[key]);
    if (parsed.success) (out as Record<FlagKey, unknown>)[key] = parsed.data;
  }
  return out;
}

/** The flags a person gets: each key from the nearest layer that sets it (user > plan > global > env > default). */
export function resolveFlags(layers: Partial<Record<Exclude<FlagLayer, 'default'>, FlagLayerValues>>): ResolvedFlags {
  const flags: Flags = { ...FLAG_DEFAULTS };
  const sources = Object.fromEntries(FLAG_KEYS.map((k) => [k, 'default'])) as Record<FlagKey, FlagLayer>;
  for (const layer of FLAG_LAYERS) {
    if (layer === 'default') continue;
    const values = validFlagValues(layers[layer]);
    for (const key of Object.keys(values) as FlagKey[]) {
      (flags as Record<FlagKey, unknown>)[key] = values[key];
      sources[key] = layer;
    }
  }
  return { flags, sources };
}

export class FlagDefaultsError extends Error {}

/**
 * Reads FLAG_DEFAULTS: `enableDiffView=true,showMachineLogs=false,aiModelOverride=Claude Sonnet`.
 * Switches take true or false; aiModelOverride takes a model's label (checked against the offered
 * models by the API's config) or nothing (the default model). Throws naming the entry that is wrong.
 */
export function parseFlagDefaults(text: string | undefined): Partial<Flags> {
  const out: Record<string, unknown> = {};
  for (const raw of (text ?? '').split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const eq = entry.indexOf('=');
    if (eq <= 0) throw new FlagDefaultsError(`"${entry.slice(0, 80)}" is not key=value.`);
    const key = entry.slice(0, eq).trim();
    const value = entry.slice(eq + 1).trim();
    if (!isFlagKey(key)) throw new FlagDefaultsError(`"${key.slice(0, 80)}" is not a flag (flags: ${FLAG_KEYS.join(', ')}).`);
    if (Object.hasOwn(out, key)) throw new FlagDefaultsError(`${key} is given twice.`);
    if (typeof FLAG_DEFAULTS[key] === 'boolean') {
      if (value !== 'true' && value !== 'false') throw new FlagDefaultsError(`${key} must be true or false, not "${value.slice(0, 80)}".`);
      out[key] = value === 'true';
    } else {
      const parsed = flagValueSchema(key).safeParse(value === '' ? null : value);
      if (!parsed.success) throw new FlagDefaultsError(`${key} must be a model's label of at most 200 characters.`);
      out[key] = parsed.data;
    }
  }
  return out as Partial<Flags>;
}
