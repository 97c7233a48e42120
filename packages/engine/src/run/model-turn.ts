import { streamText, type ModelMessage, type PrepareStepFunction, type StopCondition, type TextStreamPart, type ToolSet } from 'ai';
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

/** The parts of a stream a turn with tools reports to them: calls, results, errors, and each step's end. */
type ToolStreamPart = Extract<TextStreamPart<ToolSet>, { type: 'tool-call' | 'tool-result' | 'tool-error' | 'finish-step' }>;

/**
 * A turn of a model that uses tools (tools/tool-turn.ts): its tools, the step bound and the
 * conditions that stop it early, what it is told of the stream, and the errors it accounts for.
 */
export interface TurnTools {
  tools: ToolSet;
  stopWhen: StopCondition<ToolSet>[];
  prepareStep: PrepareStepFunction<ToolSet>;
  observe(part: ToolStreamPart): void;
  /** Whether an error part is the tool turn's to account for rather than the run's failure. */
  absorbs(error: unknown): boolean;
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
  /** A model that uses tools: several steps, each able to call them (none: one step, as always). */
  tools?: TurnTools;
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
    ...(o.tools ? { tools: o.tools.tools, stopWhen: o.tools.stopWhen, prepareStep: o.tools.prepareStep } : {}),
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
      case 'start-step':
        // A step after tool calls goes on from a fresh line: an action tag must start one.
        if (text && !text.endsWith('\n')) {
          text += '\n';
          o.onText('\n');
        }
        break;
      case 'tool-call':
      case 'tool-result':
      case 'tool-error':
        o.tools?.observe(part);
        break;
      case 'error':
        if (o.signal.aborted) throw new TurnAbortedError('The run was stopped.');
        if (o.tools?.absorbs(part.error)) break;
        throw part.error;
      case 'abort':
        throw new TurnAbortedError('The run was stopped.');
      case 'finish-step':
        substituted ||= readSproutAnswerMetadata(part.providerMetadata).substituted;
        o.tools?.observe(part);
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
