import { streamText } from 'ai';
import { AI_NOT_SET_UP_REPLY, aiMonthOf, appAiLimits, type AppAiLimits } from '@sprout/core';
import type { AiChatBody } from '@sprout/core/contract';
import { appAiCapOf, recordAppAiUse, reserveAppAiUse, settleAppAiUse, type AppScope } from '@sprout/db';
import { IP_SHARE } from '../app-backend/app-request';
import { AppError } from '../errors';
import type { Services } from '../services';

/** Who asks the app's AI: the app's dataset, its owner (who is metered) and plan, and the visitor (pages) or null (functions). */
export interface AiCaller {
  scope: AppScope;
  ownerId: string;
  tier: string;
  /** Held to the plan's requests a minute per visitor and per client address; null for the app's own functions (their calls are limited as they come in). */
  visitor: { key: string; address: string } | null;
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

async function countVisitor(s: Services, app: string, visitor: { key: string; address: string }, perMinute: number): Promise<void> {
  // Per visitor, and per client address: one that drops its cookie is a new visitor each time.
  const hits = await Promise.all([
    s.limits.hit(`app-ai:${app}:${visitor.key}`, AI_WINDOW_MS).then((h) => ({ ...h, over: h.count > perMinute })),
    s.limits.hit(`app-ai:${app}:ip:${visitor.address}`, AI_WINDOW_MS).then((h) => ({ ...h, over: h.count > perMinute * IP_SHARE })),
  ]);
  const over = hits.find((h) => h.over);
  if (!over) return;
  const retryAfterSeconds = Math.max(1, Math.ceil(over.resetMs / 1000));
  throw new AppError(429, 'too_many_requests', `You are asking this app's AI too often. Please wait ${retryAfterSeconds} seconds.`, { retryAfterSeconds });
}

// A reply shorter than this is not worth asking for: the cap counts as reached.
const MIN_REPLY_TOKENS = 16;
const capReached = () => new AppError(429, 'ai_cap_reached', 'This app has used its AI allowance for this month. Its owner can raise the limit in Sprout.');

/**
 * Asks the model Sprout is configured with on behalf of an app, held to its owner's plan and cap, and
 * meters what it used to the owner. Checks everything before the model is asked (so a refusal is a
 * status, not a broken stream), then yields the reply's text as it arrives. With no model configured
 * (the offline builder only) it yields an honest sentence saying so, and the app keeps working.
 */
export async function* chatForApp(s: Services, caller: AiCaller, body: AiChatBody, signal: AbortSignal): AsyncGenerator<string> {
  const limits = appAiLimits(caller.tier);
  checkSize(body, limits);
  const app = `${caller.scope.sproutId}:${caller.scope.dataset}`;
  if (caller.visitor) await countVisitor(s, app, caller.visitor, limits.requestsPerMinute);
  const month = aiMonthOf(new Date());
  const model = s.engine.model(s.config.models.appAiModel);
  if (model.offline) {
    await recordAppAiUse(s.db, caller.scope, month, { tokensIn: 0, tokensOut: 0 });
    yield AI_NOT_SET_UP_REPLY;
    return;
  }
  const promptChars = (body.system?.length ?? 0) + body.messages.reduce((n, m) => n + m.content.length, 0);
  const cap = (await appAiCapOf(s.db, caller.scope.sproutId)) ?? limits.defaultMonthlyTokens;
  const maxTokensOut = Math.min(body.maxTokens ?? limits.maxOutputTokens, limits.maxOutputTokens);
  // The prompt (estimated) and the longest reply it may have are held against the cap before the
  // model is asked: requests at the same moment cannot together go past it.
  const reserved = { tokensIn: estimateTokens(promptChars), tokensOut: 0 };
  const reservation = await reserveAppAiUse(s.db, caller.scope, month, { ...reserved, maxTokensOut, minTokensOut: MIN_REPLY_TOKENS, cap });
  if (!reservation) throw capReached();
  reserved.tokensOut = reservation.tokensOut;
  const result = streamText({
    model: model.model,
    system: body.system,
    messages: body.messages,
    maxOutputTokens: reservation.tokensOut,
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
    const use = used ?? { tokensIn: reserved.tokensIn, tokensOut: estimateTokens(streamed) };
    await settleAppAiUse(s.db, caller.scope, month, reserved, use).catch((err: unknown) => s.log.warn({ err }, "could not meter an app's AI request"));
  }
}

/** The whole reply as one text (functions' ctx.ai). */
export async function completeForApp(s: Services, caller: AiCaller, body: AiChatBody, signal: AbortSignal): Promise<string> {
  let text = '';
  for await (const chunk of chatForApp(s, caller, body, signal)) text += chunk;
  return text;
}
