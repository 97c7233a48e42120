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

// The zod schemas of the flags (and mergeFlags) are in ./schemas: this module is also loaded by the
// browser, which must not download zod for a list of defaults.
