import { z } from 'zod';
import { functionLimits } from '@sprout/core';
import { AiChatBody } from '@sprout/core/contract';
import { completeForApp } from '../app-ai/app-ai-chat';
import { AppError } from '../errors';
import type { Services } from '../services';
import type { CallGrant } from './call-grants';
import { answerFunctionDb } from './function-db';

type BridgeAnswer = { status: number; body: unknown };

const AiRequest = AiChatBody.extend({ op: z.literal('ai.chat') });

/** A function's ctx.ai request: the app's AI, metered to its owner like its pages' (no per-visitor limit: the call was counted as it came in). */
async function answerFunctionAi(s: Services, grant: CallGrant, request: unknown): Promise<BridgeAnswer> {
  const parsed = AiRequest.safeParse(request);
  if (!parsed.success) return { status: 400, body: { code: 'invalid_request', message: parsed.error.issues[0]?.message ?? 'This AI request is not valid.' } };
  const { op: _op, ...body } = parsed.data;
  // The function is stopped at its wall time: the model is not asked on past it.
  const signal = AbortSignal.timeout(functionLimits(grant.tier).wallMs + 1_000);
  try {
    const text = await completeForApp(s, { scope: grant.scope, ownerId: grant.ownerId, tier: grant.tier, visitor: null }, body, signal);
    return { status: 200, body: { result: { text } } };
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, body: { code: err.code, message: err.message } };
    s.log.error({ err }, "a function's AI request failed");
    return { status: 503, body: { code: 'ai_unavailable', message: 'The AI service did not answer. Please try again in a moment.' } };
  }
}

/** What a function asked Sprout for through its runtime's bridge: its data (ctx.db) or the app's AI (ctx.ai). */
export async function answerFunctionBridge(s: Services, grant: CallGrant, request: unknown): Promise<BridgeAnswer> {
  const op = typeof request === 'object' && request !== null ? (request as { op?: unknown }).op : undefined;
  if (op === 'ai.chat') return answerFunctionAi(s, grant, request);
  return answerFunctionDb(s, grant, request);
}
