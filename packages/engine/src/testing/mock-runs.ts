import type { LanguageModelV3 } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import type { RunInput } from '../run/run-types';
import type { seedRun } from './seed-run';

/** A message run of a seeded project, answered by `model`. */
export const messageRun = (seeded: Awaited<ReturnType<typeof seedRun>>, model: LanguageModelV3, request: string): RunInput => ({
  runId: seeded.run.id,
  sproutId: seeded.sprout.id,
  userId: seeded.user.id,
  kind: 'message',
  staff: false,
  messageId: null,
  request,
  model: { id: 'mock', provider: 'openai', model, vision: false, tools: false, offline: false },
  partialEdits: false,
  condensed: false,
  baseVersionId: seeded.version.id,
  images: [],
  fixBudget: 2,
});

/** The end of a mock model's answer: stopped, one token each way. */
export const FINISHED = {
  type: 'finish',
  finishReason: { unified: 'stop', raw: 'stop' },
  usage: {
    inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 1, text: 1, reasoning: undefined },
  },
} as const;

/** A run's build step for runs that must never reach one. */
export const neverBuilds = async () => {
  throw new Error('no build expected');
};

/** A model whose answer ("Nothing needs to change.") goes on until `gate` resolves or the run is aborted. */
export const gatedModel = (gate: Promise<void>) =>
  new MockLanguageModelV3({
    doStream: async ({ abortSignal }) => ({
      stream: new ReadableStream({
        async start(controller) {
          abortSignal?.addEventListener('abort', () => controller.error(abortSignal.reason));
          controller.enqueue({ type: 'stream-start', warnings: [] });
          controller.enqueue({ type: 'text-start', id: '1' });
          controller.enqueue({ type: 'text-delta', id: '1', delta: 'Nothing needs to change.' });
          await gate;
          controller.enqueue({ type: 'text-end', id: '1' });
          controller.enqueue(FINISHED);
          controller.close();
        },
      }),
    }),
  });
