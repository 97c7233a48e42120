import { z } from 'zod';
import { functionLimits, isEmailAddress, MAX_EMAIL_HTML, MAX_EMAIL_SUBJECT, MAX_EMAIL_TEXT } from '@sprout/core';
import { getSproutById } from '@sprout/db';
import { sendAppEmail } from '../app-email/send-app-email';
import { AiChatBody } from '@sprout/core/contract';
import { completeForApp } from '../app-ai/app-ai-chat';
import { toPaymentDto } from '../app-payments/panel';
import { refundPayment } from '../app-payments/refund';
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

const EmailRequest = z.strictObject({
  op: z.literal('email.send'),
  to: z.string({ error: 'Send to one e-mail address (to).' }).refine(isEmailAddress, 'Send to one plain e-mail address, like ada@example.com.'),
  subject: z
    .string({ error: 'An e-mail needs a subject.' })
    .min(1, 'An e-mail needs a subject.')
    .max(MAX_EMAIL_SUBJECT, `A subject may be at most ${MAX_EMAIL_SUBJECT} characters.`)
    .refine((v) => !/[\r\n]/.test(v), 'A subject is one line.'),
  text: z.string({ error: 'An e-mail needs its text.' }).max(MAX_EMAIL_TEXT, `An e-mail's text may be at most ${MAX_EMAIL_TEXT / 1000} KB.`),
  html: z
    .string()
    .max(MAX_EMAIL_HTML, `An e-mail's HTML may be at most ${MAX_EMAIL_HTML / 1000} KB.`)
    .optional(),
  transactional: z.boolean().optional(),
});

// Every app mail is from Sprout's address to one recipient: a sender, copies or headers are not the app's to choose.
const emailProblem = (issue: z.core.$ZodIssue | undefined) =>
  issue?.code === 'unrecognized_keys'
    ? `ctx.email.send takes to, subject, text, html and transactional, not ${issue.keys.join(', ')}.`
    : (issue?.message ?? 'This e-mail is not valid.');

/** A function's ctx.email.send: the app's mail through Sprout's mail server, recorded in its Outbox. */
async function answerFunctionEmail(s: Services, grant: CallGrant, request: unknown): Promise<BridgeAnswer> {
  const parsed = EmailRequest.safeParse(request);
  if (!parsed.success) return { status: 400, body: { code: 'invalid_request', message: emailProblem(parsed.error.issues[0]) } };
  const { op: _op, ...mail } = parsed.data;
  try {
    const appName = (await getSproutById(s.db, grant.scope.sproutId))?.displayName ?? 'A Sprout app';
    return { status: 200, body: { result: await sendAppEmail(s, { scope: grant.scope, tier: grant.tier, origin: grant.origin, appName }, mail) } };
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, body: { code: err.code, message: err.message } };
    s.log.error({ err }, "a function's e-mail failed");
    return { status: 500, body: { code: 'internal', message: 'The e-mail could not be sent.' } };
  }
}

const RefundRequest = z.strictObject({ op: z.literal('payments.refund'), id: z.string({ error: 'Name the payment to refund (its id).' }).min(1).max(64) });

/** A function's ctx.payments.refund(id): a paid order of the function's own data, refunded in full (through the owner's Stripe when live). */
async function answerFunctionRefund(s: Services, grant: CallGrant, request: unknown): Promise<BridgeAnswer> {
  const parsed = RefundRequest.safeParse(request);
  if (!parsed.success) return { status: 400, body: { code: 'invalid_request', message: parsed.error.issues[0]?.message ?? 'This refund is not valid.' } };
  try {
    return { status: 200, body: { result: toPaymentDto(await refundPayment(s, grant.scope, parsed.data.id)) } };
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, body: { code: err.code, message: err.message } };
    s.log.error({ err }, "a function's refund failed");
    return { status: 500, body: { code: 'internal', message: 'The refund could not be made.' } };
  }
}

/** What a function asked Sprout for through its runtime's bridge: its data (ctx.db), the app's AI (ctx.ai), its mail (ctx.email) or a refund (ctx.payments). */
export async function answerFunctionBridge(s: Services, grant: CallGrant, request: unknown): Promise<BridgeAnswer> {
  const op = typeof request === 'object' && request !== null ? (request as { op?: unknown }).op : undefined;
  if (op === 'ai.chat') return answerFunctionAi(s, grant, request);
  if (op === 'email.send') return answerFunctionEmail(s, grant, request);
  if (op === 'payments.refund') return answerFunctionRefund(s, grant, request);
  return answerFunctionDb(s, grant, request);
}
