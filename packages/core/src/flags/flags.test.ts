import { describe, expect, it } from 'vitest';
import { FLAG_DEFAULTS, FLAG_KEYS, isFlagKey } from './flags';
import { flagOverridesSchema, flagValueSchema, mergeFlags } from './flag-schemas';

describe('flags', () => {
  it('defaults every switch off and leaves the model unset', () => {
    const names = ['showMachineLogs', 'exampleFlag', 'enableImageUploads', 'enableDiffView', 'enableCondensedContext', 'enablePartialFileReplacement'];
    expect(FLAG_DEFAULTS).toEqual({ ...Object.fromEntries(names.map((n) => [n, false])), aiModelOverride: null });
    expect(Object.isFrozen(FLAG_DEFAULTS)).toBe(true);
    expect(FLAG_KEYS).toHaveLength(7);
  });

  it('recognises only real flag keys', () => {
    expect(isFlagKey('enableDiffView')).toBe(true);
    for (const x of ['EnableDiffView', 'toString', '__proto__', 'constructor', '', 1, null]) expect(isFlagKey(x)).toBe(false);
  });

  it('validates values by flag', () => {
    expect(flagValueSchema('showMachineLogs').safeParse(true).success).toBe(true);
    expect(flagValueSchema('showMachineLogs').safeParse('true').success).toBe(false);
    expect(flagValueSchema('showMachineLogs').safeParse(1).success).toBe(false);
    expect(flagValueSchema('showMachineLogs').safeParse(null).success).toBe(false);
    const model = flagValueSchema('aiModelOverride');
    expect(model.safeParse('openai:gpt-4.1').success).toBe(true);
    expect(model.safeParse(null).success).toBe(true);
    expect(model.safeParse('x'.repeat(200)).success).toBe(true);
    for (const bad of ['', 'x'.repeat(201), ' openai:gpt-4.1', 'a\nb', 'a\u0000', false, 3]) {
      expect(model.safeParse(bad).success).toBe(false);
    }
  });

  it('merges valid overrides over the defaults', () => {
    expect(mergeFlags({ enableDiffView: true, aiModelOverride: 'anthropic:claude-sonnet-4-5' })).toEqual({
      ...FLAG_DEFAULTS,
      enableDiffView: true,
      aiModelOverride: 'anthropic:claude-sonnet-4-5',
    });
  });

  it('drops unknown keys and wrongly typed values', () => {
    const merged = mergeFlags({
      enableDiffView: 'yes',
      showMachineLogs: 1,
      aiModelOverride: '',
      somethingElse: true,
      toString: true,
    });
    expect(merged).toEqual({ ...FLAG_DEFAULTS });
    expect(Object.keys(merged)).toHaveLength(7);
  });

  it('is not fooled by prototype tricks', () => {
    const merged = mergeFlags(JSON.parse('{"__proto__": {"showMachineLogs": true}, "exampleFlag": true}'));
    expect(merged.showMachineLogs).toBe(false);
    expect(merged.exampleFlag).toBe(true);
    expect(({} as Record<string, unknown>).showMachineLogs).toBeUndefined();
  });

  it('survives non-object input', () => {
    for (const x of [null, undefined, 'x', 3, ['enableDiffView']]) {
      expect(mergeFlags(x as unknown as Record<string, unknown>)).toEqual({ ...FLAG_DEFAULTS });
    }
  });

  it('does not let callers change the defaults', () => {
    const merged = mergeFlags({});
    merged.enableDiffView = true;
    expect(FLAG_DEFAULTS.enableDiffView).toBe(false);
  });

  it('parses a PATCH body of some flags and refuses unknown keys', () => {
    expect(flagOverridesSchema.parse({ exampleFlag: true })).toEqual({ exampleFlag: true });
    expect(flagOverridesSchema.parse({ aiModelOverride: null })).toEqual({ aiModelOverride: null });
    expect(flagOverridesSchema.safeParse({ exampleFlag: 'on' }).success).toBe(false);
    expect(flagOverridesSchema.safeParse({ nope: true }).success).toBe(false);
  });
});
