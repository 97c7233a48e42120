import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 } from '@ai-sdk/provider';

/**
 * Which model answers, as written in SPROUT_MODEL or the aiModelOverride flag:
 * `offline`, `openai:<model>`, `anthropic:<model>`, `openai-compatible:<baseURL>#<model>`, the last
 * with `?tools` after the model when the server behind it supports tool calls
 * (`openai-compatible:http://127.0.0.1:11434/v1#qwen2.5-coder?tools`).
 */
export type ModelSpec =
  | { provider: 'offline' }
  | { provider: 'openai'; model: string }
  | { provider: 'anthropic'; model: string }
  | { provider: 'openai-compatible'; baseURL: string; model: string; tools?: true };

export interface ProviderSettings {
  openaiApiKey?: string;
  /** e.g. a proxy, or a fake server on 127.0.0.1 in tests; default https://api.openai.com/v1. */
  openaiBaseUrl?: string;
  anthropicApiKey?: string;
  /** Default https://api.anthropic.com/v1. */
  anthropicBaseUrl?: string;
  /** Sent as a bearer token to the openai-compatible endpoint at `openaiCompatibleKeyUrl` (OpenRouter needs one; Ollama does not). */
  openaiCompatibleApiKey?: string;
  /** The base URL the openai-compatible key belongs to: any other openai-compatible endpoint gets no key. */
  openaiCompatibleKeyUrl?: string;
  /**
   * Creates the offline builder's model (the API passes @sprout/offline's createOfflineModel): the
   * engine runs it like any provider but does not depend on it, so `offline` needs the host to give it.
   */
  offline?: () => LanguageModelV3;
}

export interface ResolvedModel {
  /** What the run stores and people see: the catalog's label (the host sets it), else the spec without credentials. */
  id: string;
  provider: ModelSpec['provider'];
  model: LanguageModelV3;
  /** Whether images are sent as image parts (the offline builder gets a text note instead). */
  vision: boolean;
  /**
   * Whether the model is given tools in a run (docs/architecture.md#tools): OpenAI's and Anthropic's
   * models, and an openai-compatible one whose spec ends in `?tools`. Without, the run is the one
   * answer, fixers, checks and fix rounds it always was.
   */
  tools: boolean;
  offline: boolean;
}

export class ModelConfigError extends Error {
  override name = 'ModelConfigError';
}

const MODEL_NAME = /^[\w.:/@+-]{1,120}$/;
/** Written after an openai-compatible model's name: the server behind it supports tool calls. */
const TOOLS_SUFFIX = '?tools';

export function parseModelSpec(raw: string): ModelSpec {
  const spec = raw.trim();
  if (spec === '' || spec === 'offline') return { provider: 'offline' };
  const colon = spec.indexOf(':');
  const provider = colon === -1 ? spec : spec.slice(0, colon);
  const rest = colon === -1 ? '' : spec.slice(colon + 1);
  if (provider === 'openai' || provider === 'anthropic') {
    if (!MODEL_NAME.test(rest))
      throw new ModelConfigError(`"${spec}" needs a model name, like ${provider === 'openai' ? 'openai:gpt-4.1' : 'anthropic:claude-sonnet-4-5'}.`);
    return { provider, model: rest };
  }
  if (provider === 'openai-compatible') {
    const hash = rest.lastIndexOf('#');
    const baseURL = hash === -1 ? '' : rest.slice(0, hash);
    const named = hash === -1 ? '' : rest.slice(hash + 1);
    const tools = named.endsWith(TOOLS_SUFFIX);
    const model = tools ? named.slice(0, -TOOLS_SUFFIX.length) : named;
    let url: URL;
    try {
      url = new URL(baseURL);
    } catch {
      throw new ModelConfigError(`"${spec}" must look like openai-compatible:http://127.0.0.1:11434/v1#qwen2.5-coder.`);
    }
    if (!/^https?:$/.test(url.protocol) || !MODEL_NAME.test(model)) {
      throw new ModelConfigError(`"${spec}" must look like openai-compatible:http://127.0.0.1:11434/v1#qwen2.5-coder.`);
    }
    return { provider, baseURL: baseURL.replace(/\/$/, ''), model, ...(tools ? { tools } : {}) };
  }
  throw new ModelConfigError(`Unknown model provider "${provider}": use offline, openai:<model>, anthropic:<model> or openai-compatible:<baseURL>#<model>.`);
}

/** The spec as stored and shown: credentials in a base URL never leave the server. */
export function modelLabel(spec: ModelSpec): string {
  switch (spec.provider) {
    case 'offline':
      return 'offline';
    case 'openai-compatible': {
      const url = new URL(spec.baseURL);
      url.username = '';
      url.password = '';
      return `openai-compatible:${url.toString().replace(/\/$/, '')}#${spec.model}${spec.tools ? TOOLS_SUFFIX : ''}`;
    }
    default:
      return `${spec.provider}:${spec.model}`;
  }
}

/** Creates the AI SDK model for a spec; throws ModelConfigError when its key is missing. */
export function resolveModel(raw: string, settings: ProviderSettings): ResolvedModel {
  const spec = parseModelSpec(raw);
  const id = modelLabel(spec);
  switch (spec.provider) {
    case 'offline':
      if (!settings.offline) throw new ModelConfigError('offline needs the offline builder, which this host does not provide.');
      return { id, provider: 'offline', model: settings.offline(), vision: false, tools: false, offline: true };
    case 'openai': {
      if (!settings.openaiApiKey) throw new ModelConfigError(`${id} needs OPENAI_API_KEY.`);
      const openai = createOpenAI({ apiKey: settings.openaiApiKey, baseURL: settings.openaiBaseUrl });
      // Chat Completions rather than Responses: every OpenAI-compatible gateway speaks it.
      return { id, provider: 'openai', model: openai.chat(spec.model), vision: true, tools: true, offline: false };
    }
    case 'anthropic': {
      if (!settings.anthropicApiKey) throw new ModelConfigError(`${id} needs ANTHROPIC_API_KEY.`);
      const anthropic = createAnthropic({ apiKey: settings.anthropicApiKey, baseURL: settings.anthropicBaseUrl });
      return { id, provider: 'anthropic', model: anthropic(spec.model), vision: true, tools: true, offline: false };
    }
    case 'openai-compatible': {
      const provider = createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: spec.baseURL,
        apiKey: spec.baseURL === settings.openaiCompatibleKeyUrl?.replace(/\/$/, '') ? settings.openaiCompatibleApiKey : undefined,
        includeUsage: true,
      });
      return { id, provider: 'openai-compatible', model: provider.chatModel(spec.model), vision: true, tools: spec.tools === true, offline: false };
    }
  }
}

/** Checks a spec without creating a client (config validation at start-up and for overrides). */
export function checkModelSpec(raw: string, settings: ProviderSettings): string {
  return resolveModel(raw, settings).id;
}
