import { isErrorCode, statusesOf, type ERROR_CODES, type ErrorCode } from '@sprout/core/routes';

/** The statuses the catalogue allows code C to be answered with, as a union of literals. */
export type StatusOf<C extends ErrorCode> = Statuses<(typeof ERROR_CODES)[C]['status']>;
type Statuses<S> = S extends readonly number[] ? S[number] : S extends number ? S : never;

/**
 * The one error type of the API: a code clients can branch on, an HTTP status and a message for people.
 * The code is one of the catalogue's, and the status one the catalogue gives it: a client that reads
 * a code from its status (or the OpenAPI document that lists an endpoint's statuses) is never
 * surprised. The type check refuses a literal that breaks this; the constructor refuses the rest.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  constructor(
    readonly status: StatusOf<C>,
    readonly code: C,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
    if (!isErrorCode(code)) throw new TypeError(`'${code}' is not an error code of ERROR_CODES`);
    if (!statusesOf(code).includes(status))
      throw new TypeError(`Error code '${code}' is never answered with ${status}: give it that status in ERROR_CODES, or raise another code`);
  }
}

export const notFound = (what = 'Not found') => new AppError(404, 'not_found', what);
export const unauthenticated = (message: string) => new AppError(401, 'unauthenticated', message);
export const forbidden = (message = 'You do not have access to this.') => new AppError(403, 'forbidden', message);
/** A 400 with a code the catalogue answers with 400. */
export const badRequest = <C extends ErrorCode>(code: C & (400 extends StatusOf<C> ? unknown : never), message: string, extra?: Record<string, unknown>) =>
  new AppError<C>(400 as StatusOf<C>, code, message, extra);
