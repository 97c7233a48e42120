import { z } from 'zod';
import { CONTROL_CHARS } from './text';

export type Flags = {
  showMachineLogs: boolean;
  exampleFlag: boolean;
  enableImageUploads: boolean;
  enableDiffView: boolean;
  enableCondensedContext: boolean;
  enablePartialFileReplacement: boolean;
  /** A model id such as 'openai:gpt-4.1'; null uses the configured model. */
  aiModelOverride: string | null;
};

export type FlagKey = keyof Flags;

export const FLAG_DEFAULTS: Readonly<Flags> = Object.freeze({
  showMachineLogs: false,
  exampleFlag: false,
  enableImageUploads: false,
  enableDiffView: false,
  enableCondensedContext: false,
  enablePartialFileReplacement: false,
  aiModelOverride: null as string | null,
});

export const FLAG_KEYS = Object.freeze(Object.keys(FLAG_DEFAULTS) as FlagKey[]);

export function isFlagKey(x: unknown): x is FlagKey {
  return typeof x === 'string' && Object.hasOwn(FLAG_DEFAULTS, x);
}

export const AI_MODEL_OVERRIDE_MAX = 200;

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
