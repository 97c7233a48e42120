import { describe, expect, it } from 'vitest';
import { findCatalogModel, parseModelCatalog } from './model-catalog';
import { ModelConfigError } from './providers';

describe('parseModelCatalog', () => {
  it('offers the default model, the listed ones and the offline builder, each under a label without an address', () => {
    const catalog = parseModelCatalog(
      'openai-compatible:http://10.0.0.5:8000/v1#qwen2.5-coder:14b',
      'Claude=anthropic:claude-sonnet-4-5; openai:gpt-4.1 ;Router=openai-compatible:https://openrouter.ai/api/v1#meta-llama/llama-3.3-70b',
    );
    expect(catalog.default).toEqual({ label: 'openai-compatible:qwen2.5-coder:14b', spec: 'openai-compatible:http://10.0.0.5:8000/v1#qwen2.5-coder:14b' });
    expect(catalog.models.map((m) => m.label)).toEqual(['openai-compatible:qwen2.5-coder:14b', 'Claude', 'openai:gpt-4.1', 'Router', 'offline']);
    expect(catalog.models.map((m) => m.label).join(' ')).not.toContain('http');
  });

  it('takes the default model’s label from the list when it is listed there', () => {
    const catalog = parseModelCatalog('openai:gpt-4.1', 'Fast=openai:gpt-4.1-mini;Best=openai:gpt-4.1');
    expect(catalog.default).toEqual({ label: 'Best', spec: 'openai:gpt-4.1' });
    expect(catalog.models.map((m) => m.label)).toEqual(['Best', 'Fast', 'offline']);
  });

  it.each([
    ['a spec that cannot work', 'Bad=nope:model'],
    ['two models under one label', 'A=openai:x;A=openai:y'],
    ['a label with markup', '<b>=openai:x'],
  ])('refuses %s', (_name, list) => {
    expect(() => parseModelCatalog('offline', list)).toThrow(ModelConfigError);
  });
});

describe('findCatalogModel', () => {
  const catalog = parseModelCatalog('offline', 'Local=openai-compatible:http://127.0.0.1:11434/v1#llama');
  it('finds an offered model by label or by its configured spec, and nothing else', () => {
    expect(findCatalogModel(catalog, 'Local')?.spec).toBe('openai-compatible:http://127.0.0.1:11434/v1#llama');
    expect(findCatalogModel(catalog, 'openai-compatible:http://127.0.0.1:11434/v1#llama')?.label).toBe('Local');
    expect(findCatalogModel(catalog, 'offline')?.label).toBe('offline');
    for (const name of ['openai-compatible:http://attacker.example/v1#llama', 'openai-compatible:http://127.0.0.1:11435/v1#llama', 'local', ''])
      expect(findCatalogModel(catalog, name)).toBeNull();
  });
});
