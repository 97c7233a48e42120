import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3Prompt, LanguageModelV3StreamPart, LanguageModelV3Usage } from '@ai-sdk/provider';
import { readSproutCallOptions, sproutAnswerMetadata } from '@sprout/engine/protocol';
import { answerFor, type OfflineAnswer } from './offline-answer';
import { planAnswerFor } from './plan-mode/offline-plan';

export interface OfflineModelOptions {
  /** How long the answer takes to stream, spread over its chunks (default 1.5 s, like a fast model). */
  durationMs?: number;
}

const tokens = (chars: number) => Math.ceil(chars / 4);

function usageOf(prompt: LanguageModelV3Prompt, answer: string): LanguageModelV3Usage {
  const input = tokens(JSON.stringify(prompt).length);
  const output = tokens(answer.length);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}

/**
 * Splits text into chunks of varying size (like real token streams), cutting lines and tags
 * anywhere. Sizes come from a generator seeded by the text, so the same answer always streams the
 * same way. Longer answers get more chunks (40 to 200), so files visibly arrive piece by piece.
 */
export function chunksOf(text: string, count = Math.min(200, Math.max(40, Math.round(text.length / 500)))): string[] {
  const average = Math.max(1, Math.ceil(text.length / count));
  let seed = 2166136261;
  for (let i = 0; i < text.length; i += 97) seed = Math.imul(seed ^ text.charCodeAt(i), 16777619);
  const out: string[] = [];
  for (let i = 0; i < text.length; ) {
    seed = Math.imul(seed ^ (seed >>> 15), 2246822519) >>> 0;
    const size = Math.max(1, Math.round(average * (0.5 + (seed % 1000) / 1000)));
    out.push(text.slice(i, i + size));
    i += size;
  }
  return out;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/**
 * The answer to one call. Whom it answers and what for come with the request (the engine's provider
 * options): staff get setup text; a plan run (`mode: 'plan'`) gets a plan instead of code.
 */
function answerCall(call: LanguageModelV3CallOptions): OfflineAnswer {
  const options = readSproutCallOptions(call.providerOptions);
  return options.mode === 'plan' ? planAnswerFor(call.prompt) : answerFor(call.prompt, options);
}

/**
 * Sprout's offline builder as an AI SDK language model: deterministic, no network, same protocol.
 * With no provider configured it answers through exactly the pipeline a real model uses.
 */
export function createOfflineModel(options: OfflineModelOptions = {}): LanguageModelV3 {
  const durationMs = options.durationMs ?? 1500;
  return {
    specificationVersion: 'v3',
    provider: 'sprout.offline',
    modelId: 'offline',
    supportedUrls: {},
    async doGenerate(call: LanguageModelV3CallOptions) {
      const { text, substituted } = answerCall(call);
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usageOf(call.prompt, text),
        providerMetadata: sproutAnswerMetadata({ substituted }),
        warnings: [],
      };
    },
    async doStream(call: LanguageModelV3CallOptions) {
      const { text, substituted } = answerCall(call);
      const chunks = chunksOf(text);
      const delay = durationMs / chunks.length;
      const signal = call.abortSignal;
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        async start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          controller.enqueue({ type: 'text-start', id: 'offline' });
          for (const delta of chunks) {
            if (signal?.aborted) break;
            controller.enqueue({ type: 'text-delta', id: 'offline', delta });
            await sleep(delay, signal);
          }
          if (signal?.aborted) {
            controller.error(signal.reason ?? new DOMException('The run was stopped.', 'AbortError'));
            return;
          }
          controller.enqueue({ type: 'text-end', id: 'offline' });
          controller.enqueue({
            type: 'finish',
            finishReason: { unified: 'stop', raw: 'stop' },
            usage: usageOf(call.prompt, text),
            providerMetadata: sproutAnswerMetadata({ substituted }),
          });
          controller.close();
        },
      });
      return { stream };
    },
  };
}
