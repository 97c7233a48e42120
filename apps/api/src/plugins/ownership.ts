import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AccessTokenRow, CheckoutSessionRow, RunRow, SproutRow, UploadRow, VersionRow } from '@sprout/db';
import type { Services } from '../services';
import { authOf } from './authenticate';
import { addRoutePreHandler } from './route-hooks';

/**
 * What a route's caller must own, declared on the route (`config: { auth: 'user', owns: 'sprout' }`):
 * - `sprout`: the project `:id`;
 * - `version`: the project `:id` and its version `:versionId`;
 * - `run`: the run `:id` (of one of the caller's projects);
 * - `upload`: the image `:id`;
 * - `checkout`: the test checkout `:id` (only while the built-in test checkout is on);
 * - `target-sprout`: the project named by `?sproutId=`, when the request names one;
 * - `access-token`: the caller's own live personal access token `:id`.
 * Someone else's record answers exactly like a missing one (404), so ids reveal nothing.
 */
export type Owns = 'sprout' | 'version' | 'run' | 'upload' | 'checkout' | 'target-sprout' | 'access-token';

export interface OwnedRecords {
  sprout?: SproutRow;
  version?: VersionRow;
  run?: RunRow;
  upload?: UploadRow;
  checkout?: CheckoutSessionRow;
  accessToken?: AccessTokenRow;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    owns?: Owns;
  }
  interface FastifyRequest {
    owned: OwnedRecords | null;
  }
}

/** The ids a loader may read: the route's params, and the query's `sproutId`. */
type OwnedIds = { id?: string; versionId?: string; sproutId?: string };
/** Loads one kind of owned record for the caller, or throws the 404 its route answers. */
type OwnedLoader = (s: Services, userId: string, ids: OwnedIds) => Promise<OwnedRecords>;
/** What each `owns:` loads: given by the app (owned-records.ts), so this plugin knows no feature. */
export type OwnedLoaders = Record<Owns, OwnedLoader>;

/**
 * Loads what a route declares it `owns` before its handler runs (after authentication and input
 * validation), so a handler receives records that are already the caller's and no service checks
 * ownership again. A preHandler of the routes that declare it only (registered before the feature
 * gate, so it runs first).
 */
export const ownership = fp(async (app: FastifyInstance, { services, loaders }: { services: Services; loaders: OwnedLoaders }) => {
  app.decorateRequest('owned', null);
  app.addHook('onRoute', (route) => {
    const owns = route.config?.owns;
    if (!owns) return;
    addRoutePreHandler(route, async (request) => {
      const ids = { ...(request.query as OwnedIds | undefined), ...(request.params as OwnedIds | undefined) };
      request.owned = await loaders[owns](services, authOf(request).user.id, ids);
    });
  });
});

function owned<K extends keyof OwnedRecords>(request: FastifyRequest, key: K): NonNullable<OwnedRecords[K]> {
  const record = request.owned?.[key];
  // A handler asking for a record its route does not declare is a bug in the route, not a 404.
  if (!record) throw new Error(`${request.method} ${request.routeOptions.url} reads the owned ${key} but does not declare it`);
  return record as NonNullable<OwnedRecords[K]>;
}

export const ownedSprout = (request: FastifyRequest) => owned(request, 'sprout');
export const ownedVersion = (request: FastifyRequest) => ({ sprout: owned(request, 'sprout'), version: owned(request, 'version') });
export const ownedRun = (request: FastifyRequest) => owned(request, 'run');
export const ownedUpload = (request: FastifyRequest) => owned(request, 'upload');
export const ownedCheckout = (request: FastifyRequest) => owned(request, 'checkout');
export const ownedAccessToken = (request: FastifyRequest) => owned(request, 'accessToken');
/** The `?sproutId=` project of a `target-sprout` route, or null when the request names none. */
export const targetSprout = (request: FastifyRequest): SproutRow | null => request.owned?.sprout ?? null;
