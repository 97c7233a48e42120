import type { Deployment } from './function-runtime';
import type { CallLimits, CallOutcome, CallRequest } from './call-outcome';

// The runtime host's HTTP protocol (JSON; bodies as base64), shared by the host and its client.

/** A call as it crosses to the host: the deployment's code only when the host may not have that version. */
export interface WireCall {
  deployment: Omit<Deployment, 'functions'> & { functions?: Deployment['functions'] };
  name: string;
  request: Omit<CallRequest, 'body'> & { body: string | null };
  limits: CallLimits;
}

export type WireOutcome = (Omit<Extract<CallOutcome, { ok: true }>, 'body'> & { body: string }) | Extract<CallOutcome, { ok: false }>;

/** The host answers 409 with this code when it needs the deployment's code sent again. */
export const DEPLOYMENT_UNKNOWN = 'deployment_unknown';

export function toWireCall(deployment: Deployment, name: string, request: CallRequest, limits: CallLimits, withCode: boolean): WireCall {
  const { functions, ...which } = deployment;
  return {
    deployment: withCode ? { ...which, functions } : which,
    name,
    request: { ...request, body: request.body ? request.body.toString('base64') : null },
    limits,
  };
}

export const fromWireRequest = (request: WireCall['request']): CallRequest => ({
  ...request,
  body: request.body === null ? null : Buffer.from(request.body, 'base64'),
});

export const toWireOutcome = (outcome: CallOutcome): WireOutcome => (outcome.ok ? { ...outcome, body: outcome.body.toString('base64') } : outcome);

export const fromWireOutcome = (outcome: WireOutcome): CallOutcome => (outcome.ok ? { ...outcome, body: Buffer.from(outcome.body, 'base64') } : outcome);
