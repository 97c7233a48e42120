import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isPremiumTier } from '@sprout/core';
import {
  getCheckoutSession,
  getRunForOwner,
  getSproutForOwner,
  getUploadWithData,
  getVersion,
  type CheckoutSessionRow,
  type RunRow,
  type SproutRow,
  type UploadRow,
  type VersionRow,
} from '@sprout/db';
import { assertTestMode } from '../billing/test-checkout';
import { AppError, notFound } from '../errors';
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
 * - `target-sprout`: the project named by `?sproutId=`, when the request names one.
 * Someone else's record answers exactly like a missing one (404), so ids reveal nothing.
 */
export type Owns = 'sprout' | 'version' | 'run' | 'upload' | 'checkout' | 'target-sprout';

export interface OwnedRecords {
  sprout?: SproutRow;
  version?: VersionRow;
  run?: RunRow;
  upload?: UploadRow;
  checkout?: CheckoutSessionRow;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    owns?: Owns;
  }
  interface FastifyRequest {
    owned: OwnedRecords | null;
  }
}

type Ids = { id?: string; versionId?: string; sproutId?: string };
type Loader = (s: Services, userId: string, ids: Ids) => Promise<OwnedRecords>;

const projectNotFound = () => notFound('Project not found.');

async function sproutOf(s: Services, userId: string, id: string | undefined): Promise<SproutRow> {
  return (id && (await getSproutForOwner(s.db, id, userId))) || Promise.reject(projectNotFound());
}

const LOADERS: Record<Owns, Loader> = {
  sprout: async (s, userId, { id }) => ({ sprout: await sproutOf(s, userId, id) }),
  version: async (s, userId, { id, versionId }) => {
    const sprout = await sproutOf(s, userId, id);
    const version = versionId ? await getVersion(s.db, sprout.id, versionId) : null;
    if (!version) throw new AppError(404, 'version_not_found', 'This version does not exist.');
    return { sprout, version };
  },
  run: async (s, userId, { id }) => {
    const run = id ? await getRunForOwner(s.db, id, userId) : null;
    if (!run) throw notFound('Run not found.');
    return { run };
  },
  upload: async (s, userId, { id }) => {
    const upload = id ? await getUploadWithData(s.db, id, userId) : null;
    if (!upload) throw new AppError(404, 'not_found', 'Image not found.');
    return { upload };
  },
  checkout: async (s, userId, { id }) => {
    assertTestMode(s);
    const checkout = id ? await getCheckoutSession(s.db, id) : null;
    if (!checkout || checkout.userId !== userId || !isPremiumTier(checkout.tierType)) throw notFound('This checkout does not exist or has ended.');
    return { checkout };
  },
  'target-sprout': async (s, userId, { sproutId }) => (sproutId ? { sprout: await sproutOf(s, userId, sproutId) } : {}),
};

/**
 * Loads what a route declares it `owns` before its handler runs (after authentication and input
 * validation), so a handler receives records that are already the caller's and no service checks
 * ownership again. A preHandler of the routes that declare it only (registered before the feature
 * gate, so it runs first).
 */
export const ownership = fp(async (app: FastifyInstance, { services }: { services: Services }) => {
  app.decorateRequest('owned', null);
  app.addHook('onRoute', (route) => {
    const owns = route.config?.owns;
    if (!owns) return;
    addRoutePreHandler(route, async (request) => {
      const ids = { ...(request.query as Ids | undefined), ...(request.params as Ids | undefined) };
      request.owned = await LOADERS[owns](services, authOf(request).user.id, ids);
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
/** The `?sproutId=` project of a `target-sprout` route, or null when the request names none. */
export const targetSprout = (request: FastifyRequest): SproutRow | null => request.owned?.sprout ?? null;
