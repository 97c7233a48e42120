import { APICallError, LoadAPIKeyError, RetryError } from 'ai';

export type ProviderErrorCode =
  | 'provider_auth'
  | 'provider_rate_limit'
  | 'provider_context_length'
  | 'provider_model_not_found'
  | 'provider_unavailable'
  | 'provider_network'
  | 'provider_bad_request'
  | 'provider_error';

export interface DescribedError {
  code: ProviderErrorCode;
  /** Shown in the chat as is: what happened, and what to do. */
  message: string;
}

const CONTEXT_TOO_LONG =
  /context[ _-]?length|context window|maximum context|too many tokens|prompt is too long|input is too long|reduce the length|max_tokens.*exceed/i;
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

function networkCode(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && depth < 6; depth++) {
    const x = e as { code?: unknown; cause?: unknown; message?: unknown };
    if (typeof x.code === 'string' && NETWORK_CODES.has(x.code)) return x.code;
    if (typeof x.message === 'string' && /fetch failed|socket hang up|network error/i.test(x.message) && !x.cause) return 'network';
    e = x.cause;
  }
  return null;
}

/**
 * Turns whatever a provider call threw into a message a person can act on. It names the model by
 * its label and never repeats the provider's address or its raw error text (they would tell a
 * person about the operator's network); the operator finds those in the log.
 */
export function describeProviderError(error: unknown, modelLabel: string, provider: string = modelLabel.split(':')[0] ?? ''): DescribedError {
  let err = error;
  if (RetryError.isInstance(err)) err = err.lastError;
  const keyVar = provider === 'anthropic' ? 'ANTHROPIC_API_KEY' : provider === 'openai' ? 'OPENAI_API_KEY' : 'OPENAI_COMPATIBLE_API_KEY';

  if (LoadAPIKeyError.isInstance(err)) {
    return { code: 'provider_auth', message: `The model ${modelLabel} has no API key. Set ${keyVar} and restart Sprout.` };
  }
  if (APICallError.isInstance(err)) {
    const status = err.statusCode;
    const body = `${err.message} ${err.responseBody ?? ''}`;
    if (status === 401 || status === 403) {
      return { code: 'provider_auth', message: `${modelLabel} refused the API key (HTTP ${status}). Check ${keyVar}; your project was not changed.` };
    }
    if (status === 429) {
      return {
        code: 'provider_rate_limit',
        message: `${modelLabel} is rate-limiting requests or the account is out of credit (HTTP 429). Wait a minute and try again; your project was not changed.`,
      };
    }
    if (CONTEXT_TOO_LONG.test(body) && (status === undefined || status === 400 || status === 413 || status === 422)) {
      return {
        code: 'provider_context_length',
        message: `The project is too large for ${modelLabel}'s context window. Turn on condensed context or use a model with a larger window; your project was not changed.`,
      };
    }
    if (status === 404) {
      return {
        code: 'provider_model_not_found',
        message: `${modelLabel} was not found at its provider (HTTP 404). Check the model name in SPROUT_MODEL or SPROUT_MODELS.`,
      };
    }
    if (status !== undefined && status >= 500) {
      return {
        code: 'provider_unavailable',
        message: `${modelLabel} had a problem on its side (HTTP ${status}). Try again in a moment; your project was not changed.`,
      };
    }
    if (status !== undefined && status >= 400) {
      return { code: 'provider_bad_request', message: `${modelLabel} refused the request (HTTP ${status}). Your project was not changed.` };
    }
    if (networkCode(err)) {
      return {
        code: 'provider_network',
        message: `Could not reach the AI provider for ${modelLabel}. Check that it is running; your project was not changed.`,
      };
    }
  }
  if (networkCode(err)) {
    return {
      code: 'provider_network',
      message: `Could not reach the AI provider for ${modelLabel}. Check the address and your network; your project was not changed.`,
    };
  }
  const text = err instanceof Error ? err.message : String(err);
  if (CONTEXT_TOO_LONG.test(text)) {
    return { code: 'provider_context_length', message: `The project is too large for ${modelLabel}'s context window; your project was not changed.` };
  }
  return { code: 'provider_error', message: `${modelLabel} failed. Your project was not changed.` };
}

/** Errors raised by the AI SDK or the network, as opposed to bugs of ours (which are logged, not shown). */
export function isProviderError(err: unknown): boolean {
  const name = (err as { name?: unknown } | null)?.name;
  return (typeof name === 'string' && name.startsWith('AI_')) || networkCode(err) !== null;
}
