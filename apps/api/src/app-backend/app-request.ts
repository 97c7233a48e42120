import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Actor, type AppDataLimits, appDataLimits, DATA_RULES_PATH, type DataRules, parseDataRules } from '@sprout/core';
import { type AppScope, getAppUser, getUserById, getVersionFileText, previewAppTarget, siteAppTarget } from '@sprout/db';
import { AppError } from '../errors';
import { classifyHost, previewOriginOf, siteUrlOf } from '../hosting/hosts';
import { checkSession } from '../previews/check-access';
import { previewSession } from '../previews/preview-host';
import type { Services } from '../services';
import { APP_SESSION_COOKIE, clearPlantedCookies, readAppCookie } from './app-cookies';
import { visitorFromCookie } from './visitor-cookie';
import { countAppRequest } from './request-limits';

/** Everything a backend request needs: whose data, under which rules, asked by whom. */
export interface AppContext {
  kind: 'preview' | 'site';
  scope: AppScope;
  origin: string;
  rules: DataRules;
  limits: AppDataLimits;
  actor: Actor;
  /** The project's owner: told when the app's data is nearly full. */
  ownerId: string;
  /** The client's address: what one address may add a day is counted by it. */
  address: string;
  /** The version whose code answers (a check's candidate, else the app's): its rules, its functions. */
  versionId: string | null;
  /** The owner's plan, which sets the app's limits. */
  tier: string;
}

/** How many visitors' worth of requests one client address may make. */
export const IP_SHARE = 10;

/** A version's rules (none without a version); each version's are parsed once (the services' app caches). */
function rulesOf(s: Services, versionId: string | null): Promise<ReturnType<typeof parseDataRules>> {
  if (!versionId) return Promise.resolve(parseDataRules(null));
  return s.appCaches.rulesOf(versionId, () => getVersionFileText(s.db, versionId, DATA_RULES_PATH));
}

const notHere = () => new AppError(404, 'not_found', 'There is no app backend at this address.');

export type HostedApp = { kind: 'preview' | 'site'; origin: string; sproutId: string; ownerId: string; versionId: string | null };

/** A published app's origin: its slug address, or the custom domain it was reached on (with the Host's port, as the browser sends it). */
function siteOriginOf(host: { slug: string; domain?: string }, hostHeader: string | undefined, config: Services['config']): string {
  if (!host.domain) return siteUrlOf(host.slug, config);
  const port = /:(\d+)$/.exec(hostHeader ?? '')?.[1];
  return `${config.appProtocol}://${host.domain}${port ? `:${port}` : ''}`;
}

/**
 * The app a request is for, from its Host (never from anything the app sends); a request made by
 * another origin is refused: an app's backend answers only its own pages (`anyOrigin`: a webhook,
 * which anyone may call, and which gets no cookie's identity).
 */
export async function hostedApp(s: Services, req: FastifyRequest, o: { anyOrigin?: boolean } = {}): Promise<HostedApp> {
  // A custom domain was looked up by host dispatch already (hosting/custom-domain-host.ts), on this request.
  const host = classifyHost(req.headers.host, s.config) ?? (req.hostTarget?.kind === 'site' && req.hostTarget.domain ? req.hostTarget : null);
  if (!host || host.kind === 'unknown') throw notHere();
  const origin = host.kind === 'preview' ? previewOriginOf(host.sproutId, s.config) : siteOriginOf(host, req.headers.host, s.config);
  const sentOrigin = req.headers.origin;
  if (!o.anyOrigin && sentOrigin !== undefined && sentOrigin !== origin) throw new AppError(403, 'wrong_origin', 'This backend answers only its own app.');
  const target = host.kind === 'preview' ? await previewAppTarget(s.db, host.sproutId) : await siteAppTarget(s.db, host.slug);
  if (!target) throw notHere();
  return { kind: host.kind, origin, ...target };
}

/**
 * The largest upload the request's app may take (its owner's plan), before its body is read: an
 * upload over it is refused from its declared length, and one without a length is cut off there.
 */
export async function planFileBytes(s: Services, req: FastifyRequest): Promise<number> {
  const app = await hostedApp(s, req);
  const tier = await s.appCaches.tierOf(app.ownerId, async () => (await getUserById(s.db, app.ownerId))?.tier ?? 'free');
  return appDataLimits(tier).fileBytes;
}

/**
 * Whose data the request reaches: a published app its live data; a preview the owner's test data,
 * with their preview session (which grants nothing more), or a check's own data when the server's
 * check of a candidate version asks. The check follows the candidate's rules when it brought any.
 * `owner`: the project owner's preview session (signed by Sprout for this project), whose visitor is the owner.
 */
async function dataScope(
  s: Services,
  app: HostedApp,
  cookie: string | undefined,
): Promise<{ scope: AppScope; candidateRules?: { text: string | null }; owner?: string; checkedVersion?: string }> {
  if (app.kind === 'site') return { scope: { sproutId: app.sproutId, dataset: 'live' } };
  const check = await checkSession(s, app.sproutId, cookie);
  if (check && check.userId !== app.ownerId) throw notHere();
  const session = check ? null : await previewSession(s, app.sproutId, cookie);
  if (!check && !session) throw new AppError(401, 'preview_expired', 'This preview has expired. Open it again from Sprout.');
  const scope: AppScope = { sproutId: app.sproutId, dataset: check?.isolated ? 'check' : 'test' };
  if (check) return { scope, candidateRules: s.candidateRules.of(check.versionId), checkedVersion: check.versionId };
  // Sessions are granted to the owner only; a project that changed hands since is not theirs to test as.
  return { scope, ...(session!.userId === app.ownerId ? { owner: session!.userId } : {}) };
}

/**
 * The preview visitor the owner is on every device and browser: derived from their Sprout account and
 * this project, so the test data they add in one browser is theirs in another. Never a published app's
 * visitor (its scope is `live`), and only reached through a preview session Sprout signed.
 */
const ownerVisitorId = (userId: string) => `owner-${userId}`;

/** The visitor's id from their cookie, or a new visitor with a cookie of their own. */
async function visitorOf(s: Services, req: FastifyRequest, reply: FastifyReply, kind: AppContext['kind'], scope: AppScope): Promise<string> {
  const { visitorId, setCookie } = await visitorFromCookie(s, kind, scope, req.hostname, req.headers.cookie);
  if (setCookie.length) reply.header('set-cookie', setCookie);
  return visitorId;
}

/**
 * The app a page's visit report is for (the Host, from its own origin), with the client address's
 * reports counted as its other requests are: a visit reaches no data, so it needs no session,
 * visitor or rules (an app whose rules are broken is still visited).
 */
export async function resolveVisitedApp(s: Services, req: FastifyRequest): Promise<HostedApp> {
  const app = await hostedApp(s, req);
  const perMinute = s.config.appRequestsPerMinute ?? appDataLimits('free').requestsPerMinute;
  await countAppRequest(s.limits, `${app.sproutId}:visits:ip:${req.ip}`, perMinute * IP_SHARE);
  return app;
}

/**
 * Resolves an app backend request's caller (the `appCaller` preHandler runs it before the handler):
 * the app, whose data, under which rules and limits, which visitor and which app user; requests are
 * counted per visitor and per client address.
 */
export async function resolveAppContext(s: Services, req: FastifyRequest, reply: FastifyReply): Promise<AppContext> {
  const app = await hostedApp(s, req);
  const { scope, candidateRules, owner, checkedVersion } = await dataScope(s, app, req.headers.cookie);
  const [tier, rules] = await Promise.all([
    s.appCaches.tierOf(app.ownerId, async () => (await getUserById(s.db, app.ownerId))?.tier ?? 'free'),
    candidateRules ? parseDataRules(candidateRules.text) : rulesOf(s, app.versionId),
  ]);
  const limits = appDataLimits(tier);
  const visitorId = owner ? ownerVisitorId(owner) : await visitorOf(s, req, reply, app.kind, scope);
  const perMinute = s.config.appRequestsPerMinute ?? limits.requestsPerMinute;
  // A client that drops its cookie is a new visitor each time: its address is counted too (generously: many visitors may share one).
  await Promise.all([
    countAppRequest(s.limits, `${scope.sproutId}:${scope.dataset}:${visitorId}`, perMinute),
    countAppRequest(s.limits, `${scope.sproutId}:${scope.dataset}:ip:${req.ip}`, perMinute * IP_SHARE),
  ]);
  // A bad rules file is an error to fix in the app, never a reason to guess: nothing is served.
  if (!rules.ok)
    throw new AppError(503, 'rules_invalid', `This app's data rules (${DATA_RULES_PATH}) have mistakes, so its data is closed until they are fixed.`, {
      problems: rules.problems.slice(0, 10),
    });
  const userId = await signedInUser(s, req, reply, scope);
  return {
    kind: app.kind,
    scope,
    origin: app.origin,
    rules: rules.rules,
    limits,
    actor: { visitorId, userId },
    ownerId: app.ownerId,
    address: req.ip,
    versionId: checkedVersion ?? app.versionId,
    tier,
  };
}

/** The app user of a valid session cookie, while the account exists and the session was not ended. */
async function signedInUser(s: Services, req: FastifyRequest, reply: FastifyReply, scope: AppScope): Promise<string | null> {
  const cookie = readAppCookie(req.headers.cookie, s.config.appProtocol, APP_SESSION_COOKIE);
  // A session planted by another app would sign this visitor in as someone else: signed out instead.
  if (cookie.planted) reply.header('set-cookie', clearPlantedCookies(req.hostname, s.config.appProtocol, APP_SESSION_COOKIE));
  const claims = await s.appTokens.verify(cookie.value, 'user', scope);
  if (!claims) return null;
  const user = await getAppUser(s.db, scope, claims.subject);
  if (!user) return null;
  if (user.sessionsValidAfter && claims.issuedAt <= user.sessionsValidAfter.getTime()) return null;
  return user.id;
}
