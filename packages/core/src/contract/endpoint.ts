import type { z } from 'zod';
import type { ErrorCode } from './routes/error-codes';
import { ROUTES, type RouteName } from './routes/route-table';

/** What a successful answer carries: a JSON body of this schema, nothing (204), an event stream of these events, or a file. */
export type ReplyShape =
  | { status: number; schema: z.ZodType }
  | { status: number; kind: 'empty' }
  /** A download or a picture: bytes of one of these media types (any, when none are named). */
  | { status: number; kind: 'file'; types?: readonly string[] }
  | { status: number; kind: 'events'; event: z.ZodType }
  /** A browser navigation sent on elsewhere (`Location`): the sign-in providers' start and callback. */
  | { status: 302; kind: 'redirect' };

/**
 * One endpoint, whole: its address (from the route table), the shapes of its parameters, query, body
 * and reply, and the error codes it may answer besides those every endpoint may
 * (`COMMON_ERRORS`). The API registers it from this and nothing else; the web client is typed by it.
 */
export interface EndpointDef<K extends RouteName = RouteName> {
  name: K;
  /** The OpenAPI group. */
  tag: string;
  description?: string;
  params?: z.ZodType;
  /** Request headers the endpoint reads (a webhook's signature). */
  headers?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  reply: ReplyShape;
  errors: readonly ErrorCode[];
}

/** Errors any endpoint may answer: unreadable input, a missing resource, limits, the server itself. */
export const COMMON_ERRORS = [
  'invalid_request',
  'invalid_json',
  'unsupported_media_type',
  'body_too_large',
  'bad_request',
  'not_found',
  'too_many_requests',
  'internal',
  'unavailable',
] as const satisfies readonly ErrorCode[];

/** Errors of an endpoint that needs a signed-in caller. */
export const SIGNED_IN_ERRORS = ['unauthenticated', 'invalid_token', 'token_expired', 'token_revoked', 'forbidden'] as const satisfies readonly ErrorCode[];

export function endpoint<const K extends RouteName, const D extends Omit<EndpointDef<K>, 'name'>>(name: K, def: D): D & { name: K } & (typeof ROUTES)[K] {
  return { ...ROUTES[name], ...def, name };
}

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** The JSON a successful call answers with (undefined for an empty answer, a stream or a file). */
export type ReplyOf<E extends { reply: ReplyShape }> = E['reply'] extends { schema: infer S } ? Infer<S> : undefined;
/** The body a call sends. */
export type BodyOf<E> = E extends { body: infer S } ? Input<S> : undefined;
/** The query a call sends. */
export type QueryOf<E> = E extends { query: infer S } ? Input<S> : undefined;
