import { APICallError, RetryError } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { describeProviderError, isProviderError } from './provider-errors';
import { ModelConfigError, parseModelSpec, resolveModel } from './providers';

describe('parseModelSpec', () => {
  it.each([
    ['offline', { provider: 'offline' }],
    ['', { provider: 'offline' }],
    ['openai:gpt-4.1', { provider: 'openai', model: 'gpt-4.1' }],
    ['anthropic:claude-sonnet-4-5', { provider: 'anthropic', model: 'claude-sonnet-4-5' }],
    [
      'openai-compatible:http://127.0.0.1:11434/v1#qwen2.5-coder:7b',
      { provider: 'openai-compatible', baseURL: 'http://127.0.0.1:11434/v1', model: 'qwen2.5-coder:7b' },
    ],
    [
      'openai-compatible:https://openrouter.ai/api/v1/#meta-llama/llama-3.3-70b',
      { provider: 'openai-compatible', baseURL: 'https://openrouter.ai/api/v1', model: 'meta-llama/llama-3.3-70b' },
    ],
  ])('reads %j', (spec, expected) => {
    expect(parseModelSpec(spec)).toEqual(expected);
  });

  it.each(['gpt-4', 'openai:', 'anthropic:has space', 'openai-compatible:http://x', 'openai-compatible:ftp://x#m', 'openai-compatible:#m'])(
    'refuses %j',
    (spec) => {
      expect(() => parseModelSpec(spec)).toThrow(ModelConfigError);
    },
  );
});

describe('resolveModel', () => {
  it('needs the provider’s key (the offline builder: the host’s factory), except for openai-compatible endpoints', () => {
    expect(() => resolveModel('openai:gpt-4.1', {})).toThrow('openai:gpt-4.1 needs OPENAI_API_KEY.');
    expect(() => resolveModel('anthropic:claude-x', {})).toThrow('needs ANTHROPIC_API_KEY');
    const offline = new MockLanguageModelV3();
    expect(resolveModel('offline', { offline: () => offline })).toEqual({
      id: 'offline',
      provider: 'offline',
      model: offline,
      offline: true,
      vision: false,
      tools: false,
    });
    expect(() => resolveModel('offline', {})).toThrow(ModelConfigError);
    const local = resolveModel('openai-compatible:http://user:secret@127.0.0.1:11434/v1#llama', {});
    expect(local.id).toBe('openai-compatible:http://127.0.0.1:11434/v1#llama');
    expect(local.model.modelId).toBe('llama');
    expect(resolveModel('openai:gpt-4.1', { openaiApiKey: 'k' }).model.provider).toBe('openai.chat');
  });
});

describe('tool support', () => {
  it('is OpenAI’s and Anthropic’s, an openai-compatible model’s only when its spec says ?tools, never the offline builder’s', () => {
    expect(parseModelSpec('openai-compatible:http://127.0.0.1:11434/v1#qwen2.5-coder:7b?tools')).toEqual({
      provider: 'openai-compatible',
      baseURL: 'http://127.0.0.1:11434/v1',
      model: 'qwen2.5-coder:7b',
      tools: true,
    });
    expect(resolveModel('openai:gpt-4.1', { openaiApiKey: 'k' }).tools).toBe(true);
    expect(resolveModel('anthropic:claude-x', { anthropicApiKey: 'k' }).tools).toBe(true);
    expect(resolveModel('openai-compatible:http://127.0.0.1:1/v1#m', {}).tools).toBe(false);
    const local = resolveModel('openai-compatible:http://127.0.0.1:1/v1#m?tools', {});
    expect(local).toMatchObject({ tools: true, id: 'openai-compatible:http://127.0.0.1:1/v1#m?tools' });
    // The label round-trips: a run's job names its model by it and resolves it again.
    expect(resolveModel(local.id, {}).tools).toBe(true);
    expect(local.model.modelId).toBe('m');
    expect(resolveModel('offline', { offline: () => new MockLanguageModelV3() }).tools).toBe(false);
    expect(() => parseModelSpec('openai-compatible:http://127.0.0.1:1/v1#?tools')).toThrow(ModelConfigError);
  });
});

describe('describeProviderError', () => {
  const call = (statusCode: number | undefined, message = 'x', cause?: unknown) =>
    new APICallError({ message, url: 'https://api.example.com/v1/chat/completions', requestBodyValues: {}, statusCode, cause });

  it('explains the usual failures in words a person can act on', () => {
    expect(describeProviderError(call(401), 'openai:gpt-4.1')).toEqual({
      code: 'provider_auth',
      message: 'openai:gpt-4.1 refused the API key (HTTP 401). Check OPENAI_API_KEY; your project was not changed.',
    });
    expect(describeProviderError(call(429), 'anthropic:c').code).toBe('provider_rate_limit');
    expect(describeProviderError(call(400, 'prompt is too long: 250000 tokens > 200000 maximum'), 'anthropic:c').code).toBe('provider_context_length');
    expect(describeProviderError(call(404), 'openai:nope').message).toBe(
      'openai:nope was not found at its provider (HTTP 404). Check the model name in SPROUT_MODEL or SPROUT_MODELS.',
    );
    expect(describeProviderError(call(503), 'openai:x').code).toBe('provider_unavailable');
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(describeProviderError(call(undefined, 'Cannot connect to API', refused), 'openai-compatible:http://127.0.0.1:1/v1#m')).toMatchObject({
      code: 'provider_network',
      message: 'Could not reach the AI provider for openai-compatible:http://127.0.0.1:1/v1#m. Check that it is running; your project was not changed.',
    });
  });

  it('looks through retries to the last error', () => {
    const retry = new RetryError({ message: 'failed after 3 attempts', reason: 'maxRetriesExceeded', errors: [call(500), call(429)] });
    expect(describeProviderError(retry, 'openai:x').code).toBe('provider_rate_limit');
  });

  it('tells provider errors from our own bugs', () => {
    expect(isProviderError(call(500))).toBe(true);
    expect(isProviderError(new TypeError('x is not a function'))).toBe(false);
  });
});
