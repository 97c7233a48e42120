import { functionLimits } from '@sprout/core';
import { recordFunctionCall, type FunctionTrigger } from '@sprout/db';
import type { CallOutcome } from '@sprout/functions';
import { AppError } from '../errors';
import type { Services } from '../services';
import type { FunctionCaller } from './function-caller';
import { placeInSource } from './error-source';
import { secretsForCall } from './secrets';

export interface FunctionReply {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

// Not passed to a function: who the caller is comes as ctx.user and ctx.visitor, never as their cookies.
const DROPPED_REQUEST = new Set(['cookie', 'host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'upgrade', 'te', 'trailer']);
// Not passed back: the framing is the API's own, and cookies on the app's origin are Sprout's (its visitor and app-user sessions).
const DROPPED_REPLY = new Set(['set-cookie', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'trailer']);

/** A call as it reaches a function: the request on the app's origin (or a schedule's), cookies aside. */
export interface FunctionInput {
  method: string;
  /** The path and query on the app's origin. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

function requestHeaders(input: FunctionInput): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(input.headers)) {
    if (value === undefined || DROPPED_REQUEST.has(key)) continue;
    out[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Replaces every secret value (of 4 characters or more: shorter ones would blank ordinary words) in a text. */
function redactor(values: string[]): (text: string) => string {
  const secrets = values.filter((v) => v.length >= 4).sort((a, b) => b.length - a.length);
  return (text) => secrets.reduce((out, secret) => out.split(secret).join('••••'), text);
}

/** What the person calling sees when the call did not end in the function's own answer. */
function failure(outcome: Extract<CallOutcome, { ok: false }>, name: string): AppError {
  switch (outcome.reason) {
    case 'not_found':
      return new AppError(404, 'function_not_found', `This app has no function named "${name}".`);
    case 'timeout':
      return new AppError(504, 'function_timeout', outcome.message);
    case 'too_large':
      return outcome.message.startsWith('A request')
        ? new AppError(413, 'function_request_too_large', outcome.message)
        : new AppError(502, 'function_reply_too_large', outcome.message);
    case 'unavailable':
      return new AppError(503, 'unavailable', outcome.message);
    default:
      return new AppError(503, 'function_stopped', outcome.message);
  }
}

/**
 * Runs one call of an app's function in the runtime and answers with what it returned. Every call
 * is recorded for the Functions panel (status, time, its log lines, its error); what a visitor sees
 * of a function that threw is only that it failed, and in the preview, why.
 */
export async function callFunction(s: Services, caller: FunctionCaller, input: FunctionInput, trigger: FunctionTrigger = 'request'): Promise<FunctionReply> {
  const { fn } = caller;
  const limits = functionLimits(caller.tier);
  const runtime = await s.functions.runtime();
  const env = await secretsForCall(s, caller.scope.sproutId, caller.secrets);
  const token = s.functions.grant(
    { name: fn.name, scope: caller.scope, ownerId: caller.ownerId, tier: caller.tier, origin: caller.origin, versionId: caller.versionId },
    limits.wallMs,
  );
  const body = Buffer.isBuffer(input.body) ? input.body : null;
  const outcome: CallOutcome = await runtime.call(
    {
      key: `${caller.scope.sproutId}:${caller.scope.dataset}`,
      version: caller.versionId,
      functions: caller.functions.map(({ name, code }) => ({ name, code })),
    },
    fn.name,
    {
      method: input.method,
      url: `${caller.origin}${input.url}`,
      headers: requestHeaders(input),
      body,
      user: caller.user,
      visitor: caller.visitor,
      env,
      token,
    },
    limits,
  );
  // What a function logs or throws may quote a secret it read: never stored or shown as it is.
  const redact = redactor(Object.values(env));
  if (outcome.ok) {
    outcome.logs = outcome.logs.map(redact);
    if (outcome.error) {
      const stack = outcome.error.stack && redact(placeInSource(outcome.error.stack, fn.map));
      outcome.error = { ...outcome.error, message: redact(outcome.error.message), stack };
    }
  }
  const record = outcome.ok
    ? {
        status: outcome.status,
        outcome: outcome.error ? 'threw' : 'ok',
        durationMs: outcome.durationMs,
        logs: outcome.logs,
        error: outcome.error && { message: outcome.error.message, stack: outcome.error.stack },
      }
    : { status: null, outcome: outcome.reason, durationMs: outcome.durationMs, logs: [], error: { message: outcome.message, stack: null } };
  // Recorded before the reply goes: whoever got an answer finds the call in the Functions panel
  // (one insert; a failure to record is logged and does not cost the visitor the reply).
  await recordFunctionCall(s.db, caller.scope, { name: fn.name, trigger, ...record }).catch((err: unknown) =>
    s.log.warn({ err }, 'could not record a function call'),
  );
  if (!outcome.ok) throw failure(outcome, fn.name);
  if (outcome.error) {
    const why = caller.kind === 'preview' ? `: ${outcome.error.message}` : '.';
    // Its top level threw as its module loaded (the first call): the other functions still answer.
    const loading = outcome.error.kind === 'load_failed';
    // `stage` tells the checks a module that cannot load from a call the function refused on purpose.
    throw new AppError(
      500,
      'function_error',
      `The function "${fn.name}" ${loading ? 'failed as it loaded' : 'failed'}${why}`,
      loading ? { stage: 'load' } : {},
    );
  }
  const headers: Record<string, string> = {};
  for (const [key, value] of outcome.headers) if (!DROPPED_REPLY.has(key.toLowerCase())) headers[key] = value;
  return { status: outcome.status, headers, body: outcome.body };
}
