import { describe, expect, it } from 'vitest';
import { FLAG_DEFAULTS } from './flags';
import { FlagDefaultsError, parseFlagDefaults, resolveFlags, validFlagValues } from './flag-layers';

describe('resolveFlags', () => {
  it('gives the defaults, each from the default layer, when nothing is set', () => {
    const { flags, sources } = resolveFlags({});
    expect(flags).toEqual(FLAG_DEFAULTS);
    expect(new Set(Object.values(sources))).toEqual(new Set(['default']));
  });

  it('takes each flag from the nearest layer: user > plan > global > env > default', () => {
    const { flags, sources } = resolveFlags({
      env: { enableDiffView: true, showMachineLogs: true, exampleFlag: true, enableImageUploads: true },
      global: { showMachineLogs: false, exampleFlag: false, enableImageUploads: false },
      plan: { exampleFlag: true, enableImageUploads: true, aiModelOverride: 'Claude' },
      user: { enableImageUploads: false, aiModelOverride: null },
    });
    expect(flags).toMatchObject({ enableDiffView: true, showMachineLogs: false, exampleFlag: true, enableImageUploads: false, aiModelOverride: null });
    expect(sources).toMatchObject({
      enableDiffView: 'env',
      showMachineLogs: 'global',
      exampleFlag: 'plan',
      enableImageUploads: 'user',
      aiModelOverride: 'user',
      enableCondensedContext: 'default',
    });
  });

  it('ignores ill-typed and unknown stored values, so a lower layer still applies', () => {
    const { flags, sources } = resolveFlags({ global: { enableDiffView: true }, user: { enableDiffView: 'yes', nope: true, __proto__: { x: 1 } } });
    expect(flags.enableDiffView).toBe(true);
    expect(sources.enableDiffView).toBe('global');
    expect(Object.keys(flags)).toHaveLength(7);
  });

  it('keeps only valid values of a layer', () => {
    expect(validFlagValues({ enableDiffView: true, showMachineLogs: 1, aiModelOverride: '' })).toEqual({ enableDiffView: true });
    for (const x of [null, 'x', 3, [true]]) expect(validFlagValues(x)).toEqual({});
  });
});

describe('parseFlagDefaults', () => {
  it('reads key=value pairs separated by commas', () => {
    expect(parseFlagDefaults('enableDiffView=true, showMachineLogs=false ,aiModelOverride=Claude Sonnet')).toEqual({
      enableDiffView: true,
      showMachineLogs: false,
      aiModelOverride: 'Claude Sonnet',
    });
    expect(parseFlagDefaults('aiModelOverride=')).toEqual({ aiModelOverride: null });
    expect(parseFlagDefaults(undefined)).toEqual({});
    expect(parseFlagDefaults(' , ')).toEqual({});
  });

  it('names what is wrong', () => {
    const cases: [string, RegExp][] = [
      ['enableDiffView', /not key=value/],
      ['=true', /not key=value/],
      ['enableDifView=true', /"enableDifView" is not a flag/],
      ['enableDiffView=yes', /enableDiffView must be true or false, not "yes"/],
      ['enableDiffView=TRUE', /must be true or false/],
      ['enableDiffView=true,enableDiffView=false', /given twice/],
      [`aiModelOverride=${'x'.repeat(201)}`, /at most 200/],
      ['toString=true', /not a flag/],
    ];
    for (const [text, message] of cases) {
      expect(() => parseFlagDefaults(text), text).toThrow(FlagDefaultsError);
      expect(() => parseFlagDefaults(text), text).toThrow(message);
    }
  });
});
