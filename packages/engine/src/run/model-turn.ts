import { streamText, type ModelMessage } from 'ai';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { cachedSystem, withCachedTail } from '../context/prompt-cache';
import { readSproutAnswerMetadata } from '../protocol/answer-metadata';
import { sproutProviderOptions, type SproutCallOptions } from '../protocol/call-options';

export interface TurnResult {
  text: string;
  finishReason: string;
  /** As reported by the provider; undefined when it reports nothing. */
  inputTokens: number | undefined;
  /** Of inputTokens, how many the provider read from its prompt cache (undefined: it did not say). */
  cachedInputTokens: number | undefined;
  outputTokens: number | undefined;
  /** The model built something in place of what was asked (protocol/answer-metadata.ts). */
  substituted: boolean;
}

// The SDK prints provider warnings (unknown model ids, unsupported settings) to the console; the
// engine's answers do not depend on them, and the API has its own log.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

/** Thrown when the run's signal aborts while the model is answering. */
export class TurnAbortedError extends Error {
  override name = 'TurnAbortedError';
}

/**
 * One streamed model request. Text is handed to `onText` chunk by chunk as it arrives; a provider
 * error is thrown (the caller turns it into a chat message), never logged and swallowed.
 */
export async function streamModelTurn(o: {
  model: LanguageModelV3;
  system: string;
  messages: ModelMessage[];
  signal: AbortSignal;
  maxRetries: number;
  /** Whom the model answers (providers other than the offline builder ignore it). */
  call: SproutCallOptions;
  onText(chunk: string): void;
}): Promise<TurnResult> {
  const result = streamText({
    model: o.model,
    // The system prompt and the request's last message end cached prefixes (context/prompt-cache.ts).
    system: cachedSystem(o.system),
    messages: withCachedTail(o.messages),
    abortSignal: o.signal,
    maxRetries: o.maxRetries,
    providerOptions: sproutProviderOptions(o.call),
    // Errors arrive as stream parts below; the default handler would only print them.
    onError: () => {},
  });
  let text = '';
  let finishReason = 'unknown';
  let inputTokens: number | undefined;
  let cachedInputTokens: number | undefined;
  let outputTokens: number | undefined;
  let substituted = false;
  for await (const part of result.fullStream) {
    switch (part.type) {
      case 'text-delta':
        if (part.text) {
          text += part.text;
          o.onText(part.text);
        }
        break;
      case 'error':
        if (o.signal.aborted) throw new TurnAbortedError('The run was stopped.');
        throw part.error;
      case 'abort':
        throw new TurnAbortedError('The run was stopped.');
      case 'finish-step':
        substituted ||= readSproutAnswerMetadata(part.providerMetadata).substituted;
        break;
      case 'finish':
        finishReason = part.finishReason;
        inputTokens = part.totalUsage.inputTokens;
        cachedInputTokens = part.totalUsage.inputTokenDetails?.cacheReadTokens;
        outputTokens = part.totalUsage.outputTokens;
        break;
      default:
        break;
    }
  }
  if (o.signal.aborted) throw new TurnAbortedError('The run was stopped.');
  return { text, finishReason, inputTokens, cachedInputTokens, outputTokens, substituted };
}
