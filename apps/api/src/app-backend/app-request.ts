import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Actor, type AppDataLimits, appDataLimits, DATA_RULES_PATH, type DataRules, parseDataRules } from '@sprout/core';
import { type AppScope, getAppUser, getUserById, getVersionFileText, newId, previewAppTarget, siteAppTarget } from '@sprout/db';
import { AppError } from '../errors';
import { classifyHost, previewOriginOf, siteUrlOf } from '../hosting/hosts';
import { candidateRulesOf } from '../hosting/candidate-rules';
import { checkSession } from '../hosting/preview-check';
import { previewSession } from '../hosting/preview-host';
import type { Services } from '../services';
import { APP_SESSION_COOKIE, appSetCookie, VISITOR_COOKIE } from './app-cookies';
import { VISITOR_TTL_SECONDS } from './app-tokens';
import { readCookie } from '../hosting/cookies';
import { countAppRequest } from './request-limits';

/** Everything a backend request needs: whose data, under which rules, asked by whom. */
export interface AppContext {
  kind: 'preview' | 'site';
  scope: AppScope;
  origin: string;
  rules: DataRules;
  limits: AppDataLimits;
  actor: Actor;
}

const RULES_CACHE_SIZE = 500;
/** How many visitors' worth of requests one client address may make. */
const IP_SHARE = 10;
const rulesCache = new Map<string, ReturnType<typeof parseDataRules>>();

/** A version's rules never change: parsed once per process (a small LRU). */
async function rulesOf(s: Services, versionId: string | null): Promise<ReturnType<typeof parseDataRules>> {
  if (!versionId) return parseDataRules(null);
  const hit = rulesCache.get(versionId);
  if (hit) return hit;
  const parsed = parseDataRules(await getVersionFileText(s.db, versionId, DATA_RULES_PATH));
  rulesCache.set(versionId, parsed);
  if (rulesCache.size > RULES_CACHE_SIZE) rulesCache.delete(rulesCache.keys().next().value!);
  return parsed;
}

const TIER_TTL_MS = 30_000;
const tiers = new Map<string, { tier: string; until: number }>();

/** The owner's plan, which sets the app's limits: read at most every 30 s per owner (a plan change reaches apps within that). */
async function ownerTier(s: Services, ownerId: string, now = Date.now()): Promise<string> {
  const hit = tiers.get(ownerId);
  if (hit && hit.until > now) return hit.tier;
  const tier = (await getUserById(s.db, ownerId))?.tier ?? 'free';
  if (tiers.size >= 10_000) tiers.clear();
  tiers.set(ownerId, { tier, until: now + TIER_TTL_MS });
  return tier;
}

const notHere = () => new AppError(404, 'not_found', 'There is no app backend at this address.');

/**
 * Resolves the app a backend request is for, from its Host (never from anything the app sends), and
 * refuses requests made by another origin: an app's backend answers only its own pages. A preview's
 * backend also needs the owner's preview session (the test data is theirs), which grants nothing more.
 */
export async function appContext(s: Services, req: FastifyRequest, reply: FastifyReply): Promise<AppContext> {
  const host = classifyHost(req.headers.host, s.config);
  if (!host || host.kind === 'unknown') throw notHere();
  const kind = host.kind;
  const origin = kind === 'preview' ? previewOriginOf(host.sproutId, s.config) : siteUrlOf(host.slug, s.config);
  const sentOrigin = req.headers.origin;
  if (sentOrigin !== undefined && sentOrigin !== origin) throw new AppError(403, 'wrong_origin', 'This backend answers only its own app.');
  const target = kind === 'preview' ? await previewAppTarget(s.db, host.sproutId) : await siteAppTarget(s.db, host.slug);
  if (!target) throw notHere();
  // The server's render check of a candidate version acts as the owner's preview (test data).
  const check = kind === 'preview' ? await checkSession(s, target.sproutId, req.headers.cookie) : null;
  if (check && check.userId !== target.ownerId) throw notHere();
  if (kind === 'preview' && !check && !(await previewSession(s, target.sproutId, req.headers.cookie)))
    throw new AppError(401, 'preview_expired', 'This preview has expired. Open it again from Sprout.');
  const scope: AppScope = { sproutId: target.sproutId, dataset: kind === 'site' ? 'live' : check?.isolated ? 'check' : 'test' };
  const candidate = check ? candidateRulesOf(check.versionId) : undefined;
  const [tier, rules] = await Promise.all([ownerTier(s, target.ownerId), candidate ? parseDataRules(candidate.text) : rulesOf(s, target.versionId)]);
  const limits = appDataLimits(tier);

  let visitorId = (await s.appTokens.verify(readCookie(req.headers.cookie, VISITOR_COOKIE), 'visitor', scope))?.subject ?? null;
  if (!visitorId) {
    visitorId = newId();
    const token = await s.appTokens.sign('visitor', visitorId, scope);
    reply.header('set-cookie', appSetCookie(kind, s.config.appProtocol, VISITOR_COOKIE, token, VISITOR_TTL_SECONDS));
  }
  const perMinute = s.config.appRequestsPerMinute ?? limits.requestsPerMinute;
  countAppRequest(`${scope.sproutId}:${scope.dataset}:${visitorId}`, perMinute);
  // A client that drops its cookie is a new visitor each time: its address is counted too (generously: many visitors may share one).
  countAppRequest(`${scope.sproutId}:${scope.dataset}:ip:${req.ip}`, perMinute * IP_SHARE);
  // A bad rules file is an error to fix in the app, never a reason to guess: nothing is served.
  if (!rules.ok)
    throw new AppError(503, 'rules_invalid', `This app's data rules (${DATA_RULES_PATH}) have mistakes, so its data is closed until they are fixed.`, {
      problems: rules.problems.slice(0, 10),
    });
  const userId = await signedInUser(s, req, scope);
  return { kind, scope, origin, rules: rules.rules, limits, actor: { visitorId, userId } };
}

/** The app user of a valid session cookie, while the account exists and the session was not ended. */
async function signedInUser(s: Services, req: FastifyRequest, scope: AppScope): Promise<string | null> {
  const claims = await s.appTokens.verify(readCookie(req.headers.cookie, APP_SESSION_COOKIE), 'user', scope);
  if (!claims) return null;
  const user = await getAppUser(s.db, scope, claims.subject);
  if (!user) return null;
  if (user.sessionsValidAfter && claims.issuedAt <= user.sessionsValidAfter.getTime()) return null;
  return user.id;
}
