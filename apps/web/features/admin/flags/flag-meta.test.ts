import { describe, expect, it } from 'vitest';
import { FLAG_KEYS } from '@sprout/core';
import { choiceOf, choicesFor, FLAG_DESCRIPTIONS, FLAG_ORDER, inheritedValue, valueOfChoice } from './flag-meta';

describe('flag choices', () => {
  it('describes every flag, the model last', () => {
    expect(Object.keys(FLAG_DESCRIPTIONS).sort()).toEqual([...FLAG_KEYS].sort());
    expect(FLAG_ORDER.at(-1)).toBe('aiModelOverride');
    expect(new Set(FLAG_ORDER).size).toBe(FLAG_KEYS.length);
  });

  it('turns a layer’s value into a choice and back', () => {
    const values = { enableDiffView: true, showMachineLogs: false, aiModelOverride: 'Claude' };
    expect(choiceOf(values, 'enableDiffView')).toBe('on');
    expect(choiceOf(values, 'showMachineLogs')).toBe('off');
    expect(choiceOf(values, 'exampleFlag')).toBe('inherit');
    expect(choiceOf(values, 'aiModelOverride')).toBe('model:Claude');
    expect(choiceOf({ aiModelOverride: null }, 'aiModelOverride')).toBe('default-model');
    for (const [choice, value] of [
      ['inherit', undefined],
      ['on', true],
      ['off', false],
      ['default-model', null],
      ['model:Local: Qwen', 'Local: Qwen'],
      ['nonsense', undefined],
    ] as const)
      expect(valueOfChoice(choice)).toBe(value);
  });

  it('offers on and off for switches, and only the models on offer for the model', () => {
    const models = [
      { label: 'offline', isDefault: true },
      { label: 'Claude', isDefault: false },
    ];
    expect(choicesFor('enableDiffView', models, 'off').map((c) => c.label)).toEqual(['Inherit (off)', 'On', 'Off']);
    expect(choicesFor('aiModelOverride', models, 'default model')).toEqual([
      { value: 'inherit', label: 'Inherit (default model)' },
      { value: 'default-model', label: 'Default model (offline)' },
      { value: 'model:Claude', label: 'Claude' },
    ]);
  });
});

describe('inheritedValue', () => {
  const layers = {
    defaults: { enableDiffView: false, showMachineLogs: false, exampleFlag: false, aiModelOverride: null },
    env: { showMachineLogs: true },
    global: { exampleFlag: true },
    plans: { 'tier-1': { enableDiffView: true } },
  };
  it('is the nearest layer below the one being edited', () => {
    expect(inheritedValue(layers, 'user', 'enableDiffView', 'tier-1')).toEqual({ value: true, from: 'their plan' });
    expect(inheritedValue(layers, 'user', 'enableDiffView', 'free')).toEqual({ value: false, from: 'default' });
    expect(inheritedValue(layers, 'plan', 'enableDiffView', 'tier-1')).toEqual({ value: false, from: 'default' });
    expect(inheritedValue(layers, 'plan', 'exampleFlag')).toEqual({ value: true, from: 'everyone' });
    expect(inheritedValue(layers, 'global', 'exampleFlag')).toEqual({ value: false, from: 'default' });
    expect(inheritedValue(layers, 'global', 'showMachineLogs')).toEqual({ value: true, from: 'FLAG_DEFAULTS' });
    expect(inheritedValue(layers, 'user', 'aiModelOverride', 'tier-1')).toEqual({ value: null, from: 'default' });
  });
});
