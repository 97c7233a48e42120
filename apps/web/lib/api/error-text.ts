import type { Paywall } from '@sprout/core';
import { ApiError, NETWORK_ERROR_TEXT } from './client';

export { NETWORK_ERROR_TEXT };

export interface ErrorTextOptions {
  /**
   * Said for a failure that is not an answer of the API (a bug, an unexpected throw), and for what
   * `status: 'none'` or `network: false` leave out. Default: the error's own message, else
   * 'Something went wrong.'
   */
  otherwise?: string;
  /** The HTTP status when the server sent no message: 'Bad Gateway (502)' (full), 'Bad Gateway' (short), or `otherwise` (none). */
  status?: 'full' | 'short' | 'none';
  /** False: an unreachable server reads as `otherwise` too, for texts that name what could not be done. */
  network?: boolean;
  /** The product's error texts ('<base>: <status text> (<status>) - <server message>', core's error-texts) from the parts of the failure. */
  format?: (status: number, statusText: string, message?: string) => string;
}

/**
 * How a failed call reads to a person: the server's own message, else the network failure, else the
 * HTTP status, else `otherwise`. Every error sentence of the web app goes through here, so a
 * panel, a toast and a page say the same thing about the same failure.
 */
export function errorText(err: unknown, opts: ErrorTextOptions = {}): string {
  if (opts.format) {
    return err instanceof ApiError
      ? opts.format(err.status, err.statusText, err.serverMessage)
      : opts.format(0, 'Network error', err instanceof Error ? err.message : undefined);
  }
  const otherwise = opts.otherwise ?? (err instanceof Error && err.message ? err.message : 'Something went wrong.');
  if (!(err instanceof ApiError)) return otherwise;
  if (err.status === 0) return opts.network === false ? otherwise : (err.serverMessage ?? NETWORK_ERROR_TEXT);
  if (err.serverMessage) return err.serverMessage;
  if (opts.status === 'none') return otherwise;
  return opts.status === 'short' ? err.statusText : `${err.statusText} (${err.status})`;
}

/** Why a panel's data did not load: the server's message or the status, else a hint at the connection. */
export function loadErrorText(err: unknown): string {
  return errorText(err, { status: 'short', otherwise: 'Check your connection.' });
}

/** "Could not publish: …" for a refused action; the network failure on its own; `otherwise` for anything else. */
export function actionErrorText(action: string, err: unknown, otherwise: string): string {
  if (!(err instanceof ApiError)) return otherwise;
  return err.status === 0 ? errorText(err) : `Could not ${action}: ${errorText(err)}`;
}

/** True for an answer of the API with this HTTP status. */
export function hasStatus(err: unknown, ...statuses: number[]): err is ApiError {
  return err instanceof ApiError && statuses.includes(err.status);
}

/** The paywall a 402 carries (the API's `paywall` field), `fallback` when it names none; null for any other failure. */
export function paywallOf<F extends { source: string }>(err: unknown, fallback: F | null): Paywall | F | null {
  if (!hasStatus(err, 402)) return null;
  const p = err.body.paywall as Paywall | undefined;
  return p && typeof p === 'object' && typeof p.source === 'string' ? p : fallback;
}
