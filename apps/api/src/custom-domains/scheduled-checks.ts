import { PENDING_CHECK_EVERY_MS, PENDING_CHECK_FOR_MS, VERIFIED_CHECK_EVERY_MS } from '@sprout/core';
import { claimDomainsDueForCheck } from '@sprout/db';
import type { Services } from '../services';
import { checkDomain } from './domains';

/** How often due checks are looked for: a pending domain is checked within this of its time. */
const TICK_MS = 60_000;

/**
 * Checks every domain due at `now` (claimed in the database, so of several instances one checks
 * each): pending ones every 10 minutes for 3 days after they were added, verified ones daily (a
 * verified domain whose records are gone loses its verification, the reason kept). Returns how many it checked.
 */
export async function runDueDomainChecks(s: Pick<Services, 'db' | 'config' | 'log'>, now = new Date()): Promise<number> {
  const due = await claimDomainsDueForCheck(s.db, {
    now,
    pendingEveryMs: PENDING_CHECK_EVERY_MS,
    pendingForMs: PENDING_CHECK_FOR_MS,
    verifiedEveryMs: VERIFIED_CHECK_EVERY_MS,
  });
  for (const row of due) {
    try {
      const checked = await checkDomain(s, row, now);
      if (row.verifiedAt && checked !== 'taken' && checked && !checked.verifiedAt)
        s.log.info({ sproutId: row.sproutId, domain: row.domain, reason: checked.lastError }, 'a custom domain lost its verification');
    } catch (err) {
      s.log.warn({ err, domain: row.domain }, 'checking a custom domain failed');
    }
  }
  return due.length;
}

/** Looks for due domain checks every TICK_MS from now on; returns the function that stops it (after a check under way). */
export function startDomainChecks(s: Pick<Services, 'db' | 'config' | 'log'>): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    running ??= runDueDomainChecks(s)
      .catch((err: unknown) => s.log.warn({ err }, 'looking for due domain checks failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, TICK_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
