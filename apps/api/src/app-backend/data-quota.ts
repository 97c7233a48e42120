import { addressDailyQuota, creatorQuota, nearlyFull } from '@sprout/core';
import { getSproutForOwner, getUserById, hitRateLimit, type DataUsage } from '@sprout/db';
import { AppError } from '../errors';
import type { Services } from '../services';
import type { AppContext } from './app-request';

// An app's quota is shared by everyone who uses it. Anonymous visitors once filled a free app in
// under three minutes, after which nobody could save: each creator holds at most a share of it (the
// database counts that in the write's transaction), each client address adds at most a share a day
// (whichever visitors it claims to be), and the owner is told before it is full.

const DAY_MS = 24 * 3600_000;
const WARN_EVERY_MS = 7 * DAY_MS;

/** The quota a write is checked against: the app's, and the writer's share of it (the owner's code, a function, has no share: all of it). */
export const writeQuota = (ctx: AppContext) => ({
  documents: ctx.limits.documents,
  storageBytes: ctx.limits.storageBytes,
  perCreator: ctx.actor.owner ? undefined : creatorQuota(ctx.limits),
});

const key = (ctx: AppContext, what: string) => `app-${what}:${ctx.scope.sproutId}:${ctx.scope.dataset}:${ctx.address}`;

/** Counts what the caller's address adds today (a document, or a file of `bytes`); refuses past its daily share. */
export async function countAddressAdd(s: Services, ctx: AppContext, bytes: number): Promise<void> {
  // The owner's own code (a function) is not a visitor's network.
  if (ctx.actor.owner) return;
  const daily = addressDailyQuota(ctx.limits);
  const [adds, size] = await Promise.all([hitRateLimit(s.db, key(ctx, 'adds'), DAY_MS), hitRateLimit(s.db, key(ctx, 'bytes'), DAY_MS, bytes)]);
  if (adds.count > daily.documents || size.count > daily.storageBytes)
    throw new AppError(403, 'quota_exceeded', 'Your network has added as much to this app as it may today. Please try again tomorrow.');
}

const DUPLICATES_WINDOW_MS = 15 * 60_000;
const MAX_DUPLICATES = 30;

/**
 * A "taken" answer for a unique field tells whether a value is in the app: asked in a loop, it reads
 * them out. Such answers are counted per client address; past the limit the address waits.
 */
export async function countDuplicateAnswer(s: Services, ctx: AppContext): Promise<void> {
  const hit = await hitRateLimit(s.db, key(ctx, 'duplicates'), DUPLICATES_WINDOW_MS);
  if (hit.count > MAX_DUPLICATES)
    throw new AppError(429, 'too_many_attempts', 'Too many attempts. Please try again in 15 minutes.', { retryAfterSeconds: DUPLICATES_WINDOW_MS / 1000 });
}

export const creatorFull = () => new AppError(403, 'quota_exceeded', 'You have saved as much in this app as one person may. Delete something to save more.');

/** After a write: when the dataset passed the warning share, its owner is told (at most once a week per dataset). */
export async function warnWhenNearlyFull(s: Services, ctx: AppContext, usage: DataUsage): Promise<void> {
  if (!nearlyFull(usage, ctx.limits)) return;
  const first = await hitRateLimit(s.db, `app-quota-warning:${ctx.scope.sproutId}:${ctx.scope.dataset}`, WARN_EVERY_MS);
  if (first.count !== 1) return;
  const [owner, sprout] = await Promise.all([getUserById(s.db, ctx.ownerId), getSproutForOwner(s.db, ctx.scope.sproutId, ctx.ownerId)]);
  if (!owner || !sprout) return;
  const share = (used: number, limit: number) => Math.round((100 * used) / limit);
  const full = Math.max(share(usage.documents, ctx.limits.documents), share(usage.bytes, ctx.limits.storageBytes));
  await s.mailer
    .sendAppDataNearlyFull(owner.email, { app: sprout.displayName, dataset: ctx.scope.dataset, percent: full, sproutId: sprout.id })
    .catch((err: unknown) => s.log.warn({ err, sproutId: sprout.id }, 'the nearly-full notice was not sent'));
}
