import type { FastifyReply, FastifyRequest } from 'fastify';
import { appDataLimits } from '@sprout/core';
import { type AppScope, getAppUser, getUserById, getVersionFiles } from '@sprout/db';
import { hostedApp, IP_SHARE, resolveAppContext } from '../app-backend/app-request';
import { countAppRequest } from '../app-backend/request-limits';
import { AppError } from '../errors';
import type { Services } from '../services';
import type { BuiltFunction } from './version-functions';

/** Who calls which function of which app: resolved before the handler, as every app backend route's caller is. */
export interface FunctionCaller {
  fn: BuiltFunction;
  /** Every function of the version: the runtime serves them together, one process per app. */
  functions: BuiltFunction[];
  scope: AppScope;
  /** Whose secrets: the published app's (live), else the test ones (preview and checks). */
  secrets: 'test' | 'live';
  versionId: string;
  ownerId: string;
  tier: string;
  origin: string;
  kind: 'preview' | 'site';
  user: { id: string; email: string } | null;
  visitor: string | null;
}

const noFunction = (name: string) => new AppError(404, 'function_not_found', `This app has no function named "${name}".`);

/**
 * A version's function by name, or the reason there is none (not written, or it does not build).
 * `candidateOf`: the version may be a candidate under check, which is not a version yet: its files
 * are the ones stored for its preview (any instance reads them), else it is a version after all.
 */
async function functionOf(
  s: Services,
  versionId: string | null,
  name: string,
  candidateOf?: string,
): Promise<{ fn: BuiltFunction; functions: BuiltFunction[] }> {
  if (!versionId) throw noFunction(name);
  const files = async () => (candidateOf ? await s.storedCandidates.load(candidateOf, versionId) : null) ?? getVersionFiles(s.db, versionId);
  const built = await s.functions.versions.of(versionId, files);
  const fn = built.functions.get(name);
  if (fn) return { fn, functions: [...built.functions.values()] };
  const problem = built.errors.find((e) => e.file === `functions/${name}.ts`);
  if (problem) throw new AppError(500, 'function_build_failed', `The function "${name}" does not build: ${problem.message}`);
  throw noFunction(name);
}

/**
 * Resolves a function call's caller. A `webhook` function answers anyone, from anywhere, with no
 * identity (cookies are ignored: a page elsewhere cannot act as its visitor); the others answer
 * the app's own pages as the rest of its backend does (origin, preview session, visitor, app
 * user), and `signed-in` ones only its signed-in users.
 */
export async function resolveFunctionCaller(s: Services, req: FastifyRequest, reply: FastifyReply): Promise<FunctionCaller> {
  // The route's schema checked the name before this runs.
  const { name } = req.params as { name: string };
  const app = await hostedApp(s, req, { anyOrigin: true });
  const dataset = app.kind === 'site' ? 'live' : 'test';
  // A candidate under check may bring a function the current version does not have: its absence here
  // is the answer only when the caller turns out not to be that check.
  const current = await functionOf(s, app.versionId, name).then(
    (found) => ({ found, absent: null }),
    (err: unknown) => {
      if (!(err instanceof AppError) || app.kind === 'site') throw err;
      return { found: null, absent: err };
    },
  );
  const declared = current.found;
  if (declared?.fn.access === 'webhook') {
    const tier = await s.appCaches.tierOf(app.ownerId, async () => (await getUserById(s.db, app.ownerId))?.tier ?? 'free');
    const perMinute = s.config.appRequestsPerMinute ?? appDataLimits(tier).requestsPerMinute;
    await countAppRequest(s.limits, `${app.sproutId}:${dataset}:ip:${req.ip}`, perMinute * IP_SHARE);
    const base = { scope: { sproutId: app.sproutId, dataset }, secrets: dataset, ownerId: app.ownerId, tier, origin: app.origin, kind: app.kind } as const;
    return { ...base, ...declared, versionId: app.versionId!, user: null, visitor: null };
  }
  // A page elsewhere (another app on the same site included) that links, embeds or posts here is not
  // the app's own page: browsers say where a request comes from, and a function may act on a GET.
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') throw new AppError(403, 'wrong_origin', 'This backend answers only its own app.');
  const ctx = await resolveAppContext(s, req, reply);
  // A check runs its candidate's functions (which may differ from the current version's).
  const version = ctx.versionId !== app.versionId ? await functionOf(s, ctx.versionId, name, app.sproutId) : declared;
  if (!version) throw current.absent!;
  if (version.fn.access === 'signed-in' && !ctx.actor.userId) throw new AppError(401, 'sign_in_required', 'Sign in to use this.');
  const appUser = ctx.actor.userId ? await getAppUser(s.db, ctx.scope, ctx.actor.userId) : null;
  return {
    ...version,
    scope: ctx.scope,
    secrets: dataset,
    versionId: ctx.versionId!,
    ownerId: ctx.ownerId,
    tier: ctx.tier,
    origin: ctx.origin,
    kind: ctx.kind,
    user: appUser ? { id: appUser.id, email: appUser.email } : null,
    visitor: ctx.actor.visitorId,
  };
}

/** The caller of a route declared `appCaller: 'function'` (resolved by its preHandler). */
export function functionCallerOf(request: FastifyRequest): FunctionCaller {
  if (!request.functionCaller)
    throw new Error(`${request.method} ${request.routeOptions.url} reads a function caller but does not declare appCaller: 'function'`);
  return request.functionCaller as FunctionCaller;
}
