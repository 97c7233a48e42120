import { streamText } from 'ai';
import { AI_NOT_SET_UP_REPLY, aiMonthOf, appAiLimits, type AppAiLimits } from '@sprout/core';
import type { AiChatBody } from '@sprout/core/contract';
import { appAiCapOf, appAiUseOf, recordAppAiUse, type AppScope } from '@sprout/db';
import { AppError } from '../errors';
import type { Services } from '../services';

/** Who asks the app's AI: the app's dataset, its owner (who is metered) and plan, and the visitor (pages) or null (functions). */
export interface AiCaller {
  scope: AppScope;
  ownerId: string;
  tier: string;
  /** Held to the plan's requests a minute per visitor; null for the app's own functions (their calls are limited as they come in). */
  visitorKey: string | null;
}

const AI_WINDOW_MS = 60_000;
// A rough count for a reply cut off before the provider said what it used: four characters a token.
const estimateTokens = (chars: number) => Math.ceil(chars / 4);

function checkSize(body: AiChatBody, limits: AppAiLimits): void {
  if (body.messages.length > limits.maxMessages)
    throw new AppError(413, 'ai_request_too_large', `Send at most ${limits.maxMessages} messages in one AI request (this one has ${body.messages.length}).`);
  const chars = (body.system?.length ?? 0) + body.messages.reduce((n, m) => n + m.content.length, 0);
  if (chars > limits.maxPromptChars)
    throw new AppError(
      413,
      'ai_request_too_large',
      `This AI request is ${chars.toLocaleString('en')} characters long; this app may send at most ${limits.maxPromptChars.toLocaleString('en')}.`,
    );
}

async function countVisitor(s: Services, key: string, perMinute: number): Promise<void> {
  const { count, resetMs } = await s.limits.hit(`app-ai:${key}`, AI_WINDOW_MS);
  if (count <= perMinute) return;
  const retryAfterSeconds = Math.max(1, Math.ceil(resetMs / 1000));
  throw new AppError(429, 'too_many_requests', `You are asking this app's AI too often. Please wait ${retryAfterSeconds} seconds.`, { retryAfterSeconds });
}

/** Refuses a request once the app's tokens this month (preview and published together) reach its cap. */
async function checkCap(s: Services, sproutId: string, limits: AppAiLimits, month: string): Promise<void> {
  const [use, own] = await Promise.all([appAiUseOf(s.db, sproutId, month), appAiCapOf(s.db, sproutId)]);
  const used = use.test.tokensIn + use.test.tokensOut + use.live.tokensIn + use.live.tokensOut;
  if (used >= (own ?? limits.defaultMonthlyTokens))
    throw new AppError(429, 'ai_cap_reached', 'This app has used its AI allowance for this month. Its owner can raise the limit in Sprout.');
}

/**
 * Asks the model Sprout is configured with on behalf of an app, held to its owner's plan and cap, and
 * meters what it used to the owner. Checks everything before the model is asked (so a refusal is a
 * status, not a broken stream), then yields the reply's text as it arrives. With no model configured
 * (the offline builder only) it yields an honest sentence saying so, and the app keeps working.
 */
export async function* chatForApp(s: Services, caller: AiCaller, body: AiChatBody, signal: AbortSignal): AsyncGenerator<string> {
  const limits = appAiLimits(caller.tier);
  checkSize(body, limits);
  if (caller.visitorKey) await countVisitor(s, `${caller.scope.sproutId}:${caller.scope.dataset}:${caller.visitorKey}`, limits.requestsPerMinute);
  const month = aiMonthOf(new Date());
  await checkCap(s, caller.scope.sproutId, limits, month);
  const model = s.engine.model(s.config.models.appAiModel);
  if (model.offline) {
    await recordAppAiUse(s.db, caller.scope, month, { tokensIn: 0, tokensOut: 0 });
    yield AI_NOT_SET_UP_REPLY;
    return;
  }
  const result = streamText({
    model: model.model,
    system: body.system,
    messages: body.messages,
    maxOutputTokens: Math.min(body.maxTokens ?? limits.maxOutputTokens, limits.maxOutputTokens),
    abortSignal: signal,
    maxRetries: s.config.models.maxRetries,
    onError: () => {},
  });
  let streamed = 0;
  let used: { tokensIn: number; tokensOut: number } | null = null;
  try {
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta' && part.text) {
        streamed += part.text.length;
        yield part.text;
      } else if (part.type === 'finish') {
        used = { tokensIn: part.totalUsage.inputTokens ?? 0, tokensOut: part.totalUsage.outputTokens ?? 0 };
      } else if (part.type === 'error') {
        s.log.warn({ err: part.error, sproutId: caller.scope.sproutId }, "an app's AI request failed at the provider");
        throw new AppError(503, 'ai_unavailable', 'The AI service did not answer. Please try again in a moment.');
      } else if (part.type === 'abort') break;
    }
  } finally {
    // Metered whatever happened: a reply cut off (the page closed, the provider failed) still cost what it streamed.
    const prompt = (body.system?.length ?? 0) + body.messages.reduce((n, m) => n + m.content.length, 0);
    const use = used ?? { tokensIn: estimateTokens(prompt), tokensOut: estimateTokens(streamed) };
    await recordAppAiUse(s.db, caller.scope, month, use).catch((err: unknown) => s.log.warn({ err }, "could not meter an app's AI request"));
  }
}

/** The whole reply as one text (functions' ctx.ai). */
export async function completeForApp(s: Services, caller: AiCaller, body: AiChatBody, signal: AbortSignal): Promise<string> {
  let text = '';
  for await (const chunk of chatForApp(s, caller, body, signal)) text += chunk;
  return text;
}
