import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { INTERNAL_STAFF_TIER, NO_TOKEN_FOUND } from '@sprout/core';
import { getUserById, tokensEndedSince, writeAudit, type UserWithTier } from '@sprout/db';
import { AppError, forbidden, unauthenticated } from '../errors';
import type { Services } from '../services';

/** public: no token needed; optional: a token, if sent, must be valid; user / staff: required. */
type AuthLevel = 'public' | 'optional' | 'user' | 'staff';
const STAFF_TIER = INTERNAL_STAFF_TIER;

export interface AuthContext {
  user: UserWithTier;
  via: 'id' | 'impersonation';
  /** The staff member acting, for impersonation tokens. */
  actorId?: string;
}

/**
 * Loads the signed-in person together with what the route answers, in one round trip to the
 * database (`config: { auth: 'user', withUser: … }`): null when there is no such person. Every
 * check below still runs on the person it loads; what it loaded reaches the handler only then.
 */
export type UserWith<T> = (s: Services, userId: string) => Promise<{ user: UserWithTier; data: T } | null>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Declared on every route; routes that do not declare it require a signed-in user. */
    auth?: AuthLevel;
    withUser?: UserWith<unknown>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** What the route's `withUser` loaded with the person (see loadedWithUser). */
    loadedWithUser: unknown;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** A shared secret (METRICS_TOKEN, FUNCTIONS_TOKEN) compared by digest, so neither its content nor its length shows in the time taken. */
export function tokenMatches(given: string | null, expected: string): boolean {
  return given !== null && timingSafeEqual(digest(given), digest(expected));
}

/** Only bearer tokens authenticate, never cookies: code served from preview origins cannot act as the user. */
export const authenticate = fp(async (app: FastifyInstance, { services }: { services: Services }) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('loadedWithUser', null);
  // onRequest, before the body is parsed: a caller without a valid token learns nothing about the body rules.
  app.addHook('onRequest', async (request) => {
    // Unmatched routes (404s) have no config; they reveal nothing, so no token is needed.
    const route = request.is404 ? null : request.routeOptions.config;
    const level: AuthLevel = route ? (route.auth ?? 'user') : 'public';
    if (level === 'public') return;
    const token = bearerToken(request);
    // Anonymous is fine on optional routes; a credential that is not a bearer token is not.
    if (!token && level === 'optional' && request.headers.authorization === undefined) return;
    if (!token) throw unauthenticated(NO_TOKEN_FOUND);
    const verified = await services.tokens.verifyBearer(token);
    const withUser = route?.withUser;
    let user: UserWithTier | null;
    let loaded: unknown = null;
    if (withUser) {
      const found = await withUser(services, verified.userId);
      user = found?.user ?? null;
      loaded = found?.data ?? null;
    } else {
      user = await getUserById(services.db, verified.userId);
    }
    if (!user) throw new AppError(401, 'invalid_token', 'Your sign-in token is not valid. Please sign in again.');
    if (tokensEndedSince(user, verified.issuedAt)) throw new AppError(401, 'token_revoked', 'Your session has ended. Please sign in again.');
    if (verified.use === 'impersonation') {
      // The token is only as good as its creator's staff role, checked on every use.
      const actor = await getUserById(services.db, verified.actorId);
      if (!actor || actor.tier !== STAFF_TIER || tokensEndedSince(actor, verified.issuedAt))
        throw new AppError(401, 'token_revoked', 'This impersonation has ended: its staff member can no longer act for others.');
      request.log.info(
        { actorId: verified.actorId, userId: user.id, method: request.method, url: request.url, event: 'impersonated_request' },
        `staff ${verified.actorId} acting as user ${user.id}`,
      );
      request.auth = { user, via: 'impersonation', actorId: verified.actorId };
    } else {
      request.auth = { user, via: 'id' };
    }
    // Staff powers are never available through an impersonation token.
    if (level === 'staff' && (request.auth.via !== 'id' || user.tier !== STAFF_TIER)) {
      throw forbidden('Only Sprout staff can do this.');
    }
    request.loadedWithUser = loaded;
  });
  // Whatever a staff member changes while acting as someone is on the record under the staff member's name.
  // onSend, not onResponse: the record is written before the answer leaves.
  // A callback hook: every answer passes through it, and only an impersonated change waits.
  app.addHook('onSend', (request, reply, payload, done) => {
    const auth = request.auth;
    if (auth?.via !== 'impersonation' || READ_METHODS.has(request.method)) return done(null, payload);
    void writeAudit(services.db, {
      actorId: auth.actorId ?? null,
      action: 'impersonation.action',
      targetUserId: auth.user.id,
      // The route pattern, not the URL: a URL can carry tokens and personal data.
      details: { method: request.method, route: request.routeOptions.url ?? null, status: reply.statusCode },
    })
      .catch((err: unknown) => request.log.error({ err, actorId: auth.actorId }, 'could not audit an impersonated action'))
      .then(() => done(null, payload));
  });
});

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Who did it: the staff member when acting through impersonation, else the person. */
export function actorOf(request: FastifyRequest): string {
  const auth = authOf(request);
  return auth.actorId ?? auth.user.id;
}

/** What the route's declared `withUser` loaded with the signed-in person (set once every check passed). */
export function loadedWithUser<T>(request: FastifyRequest, _load: UserWith<T>): T {
  authOf(request);
  if (request.loadedWithUser === null) throw new Error(`${request.method} ${request.routeOptions.url} reads what withUser loaded but does not declare it`);
  return request.loadedWithUser as T;
}

/** The signed-in user of a route declared `user` or `staff` (the hook guarantees it is set). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated(NO_TOKEN_FOUND);
  return request.auth;
}
