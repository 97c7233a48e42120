import { FLAG_DEFAULTS, FLAG_KEYS, type FlagKey } from '@sprout/core';

/** What each flag does, in a sentence staff can act on. */
export const FLAG_DESCRIPTIONS: Record<FlagKey, string> = {
  showMachineLogs: 'Logs under the preview: the build output and what the app prints and throws.',
  exampleFlag: 'Does nothing: for trying flags out.',
  enableImageUploads: 'Attach images to chat messages.',
  enableDiffView: 'Compare a version with the one before it, in History.',
  enableCondensedContext: 'Large projects send the model a map of their files and only the relevant ones in full.',
  enablePartialFileReplacement: 'The model may change parts of a file instead of writing it again.',
  aiModelOverride: 'The model that writes apps, from those the operator offers.',
};

/** Switches first, the model last. */
export const FLAG_ORDER: FlagKey[] = [...FLAG_KEYS.filter((k) => k !== 'aiModelOverride'), 'aiModelOverride'];

export type FlagValue = boolean | string | null;

/**
 * A layer's choice for one flag as a <select> value: 'inherit' (no value here: the layer below
 * decides), 'on', 'off', 'default-model', or 'model:<label>'.
 */
export function choiceOf(values: Record<string, FlagValue | undefined>, key: FlagKey): string {
  if (!Object.hasOwn(values, key)) return 'inherit';
  const value = values[key];
  if (typeof FLAG_DEFAULTS[key] === 'boolean') return value === true ? 'on' : 'off';
  return typeof value === 'string' ? `model:${value}` : 'default-model';
}

/** The value a choice stands for; undefined for 'inherit' (clear this layer's value). */
export function valueOfChoice(choice: string): FlagValue | undefined {
  if (choice === 'inherit') return undefined;
  if (choice === 'on') return true;
  if (choice === 'off') return false;
  if (choice === 'default-model') return null;
  return choice.startsWith('model:') ? choice.slice('model:'.length) : undefined;
}

/** The choices a flag offers: inherit, then on/off, or the default model and each model on offer. */
export function choicesFor(key: FlagKey, models: readonly { label: string; isDefault: boolean }[], inherited: string): { value: string; label: string }[] {
  const own =
    typeof FLAG_DEFAULTS[key] === 'boolean'
      ? [
          { value: 'on', label: 'On' },
          { value: 'off', label: 'Off' },
        ]
      : [
          { value: 'default-model', label: `Default model (${models.find((m) => m.isDefault)?.label ?? 'configured'})` },
          ...models.filter((m) => !m.isDefault).map((m) => ({ value: `model:${m.label}`, label: m.label })),
        ];
  return [{ value: 'inherit', label: `Inherit (${inherited})` }, ...own];
}

export interface FlagLayers {
  defaults: Record<string, FlagValue>;
  env: Record<string, FlagValue>;
  global: Record<string, FlagValue>;
  plans: Record<string, Record<string, FlagValue>>;
}

/**
 * What a flag is without a value in the layer being edited: the nearest layer below that sets it.
 * Editing 'user' looks at the person's plan, then everyone, FLAG_DEFAULTS and the code's default.
 */
export function inheritedValue(layers: FlagLayers, editing: 'global' | 'plan' | 'user', key: FlagKey, tier?: string): { value: FlagValue; from: string } {
  const below: { values: Record<string, FlagValue> | undefined; from: string }[] = [
    ...(editing === 'user' && tier ? [{ values: layers.plans[tier], from: 'their plan' }] : []),
    ...(editing !== 'global' ? [{ values: layers.global, from: 'everyone' }] : []),
    { values: layers.env, from: 'FLAG_DEFAULTS' },
  ];
  for (const layer of below) if (layer.values && Object.hasOwn(layer.values, key)) return { value: layer.values[key] ?? null, from: layer.from };
  return { value: layers.defaults[key] ?? null, from: 'default' };
}
