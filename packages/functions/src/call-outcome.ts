import type { FunctionLimits } from '@sprout/core';

/** One call as the runtime hands it to a function. */
export interface CallRequest {
  method: string;
  /** The URL the function sees (the app's own origin). */
  url: string;
  /** Without cookies: a function learns who calls from `user` and `visitor`. */
  headers: Record<string, string>;
  body: Buffer | null;
  user: { id: string; email: string } | null;
  visitor: string | null;
  /** The secrets of the dataset: ctx.env. */
  env: Record<string, string>;
  /** What ctx.db presents to Sprout's bridge. */
  token: string;
}

/** Per call, by the owner's plan (`functionLimits` in core). */
export type CallLimits = Pick<FunctionLimits, 'wallMs' | 'cpuMs' | 'memoryMb' | 'requestBytes' | 'replyBytes'>;

export type CallFailure = 'not_found' | 'timeout' | 'cpu' | 'crashed' | 'too_large' | 'unavailable';

export type CallOutcome =
  | {
      ok: true;
      status: number;
      headers: [string, string][];
      body: Buffer;
      logs: string[];
      /** Set when the function threw (status 500; `kind` 'load_failed' when its top level threw as it loaded) or has no default export. */
      error: { kind: string; message: string; stack: string | null } | null;
      durationMs: number;
    }
  | { ok: false; reason: CallFailure; message: string; durationMs: number };

/** The envelope call-function.js answers with. */
export interface Envelope {
  status: number;
  headers: [string, string][];
  body: string | null;
  logs: string[];
  error: { kind: string; message: string; stack?: string | null } | null;
}
