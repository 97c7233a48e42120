// The flags' zod schemas, for the API's request validation. Kept apart from the rules they encode
// (./flags) because those are loaded by the web app too, and the browser should not download zod
// (~33 KB gzip) for them: with "sideEffects": false in package.json, a bundle that imports none of
// these names never includes this module.
import { z } from 'zod';
import { CONTROL_CHARS } from '../text/text';
import { AI_MODEL_OVERRIDE_MAX, FLAG_DEFAULTS, FLAG_KEYS, isFlagKey, type FlagKey, type Flags } from './flags';

const aiModelOverrideSchema = z
  .string()
  .min(1)
  .max(AI_MODEL_OVERRIDE_MAX)
  .refine((s) => s.trim() === s && !CONTROL_CHARS.test(s), {
    error: 'Model id must not have surrounding spaces or control characters',
  })
  .nullable();

const booleanFlagSchema = z.boolean();

/** Booleans for the switches; aiModelOverride is a 1–200 character model id, or null to clear it. */
export function flagValueSchema<K extends FlagKey>(key: K): z.ZodType<Flags[K]> {
  const schema = key === 'aiModelOverride' ? aiModelOverrideSchema : booleanFlagSchema;
  return schema as unknown as z.ZodType<Flags[K]>;
}

/** A PATCH-style body: any subset of the flags, unknown keys refused. */
export const flagOverridesSchema = z.strictObject(
  Object.fromEntries(FLAG_KEYS.map((key) => [key, flagValueSchema(key).optional()])) as {
    [K in FlagKey]: z.ZodOptional<z.ZodType<Flags[K]>>;
  },
);

/** Defaults overlaid with stored overrides. Unknown keys and ill-typed values are dropped, not fatal: stored flags outlive code. */
export function mergeFlags(overrides: Record<string, unknown>): Flags {
  const flags: Flags = { ...FLAG_DEFAULTS };
  if (typeof overrides !== 'object' || overrides === null || Array.isArray(overrides)) return flags;
  for (const key of Object.keys(overrides)) {
    if (!isFlagKey(key)) continue;
    const parsed = flagValueSchema(key).safeParse(overrides[key]);
    if (parsed.success) (flags as Record<FlagKey, unknown>)[key] = parsed.data;
  }
  return flags;
}
