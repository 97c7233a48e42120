import { functionLimits, lastFireAtOrBefore, parseCron } from '@sprout/core';
import { claimScheduledRun, getUserById, getVersionFiles, listScheduleTargets, type ScheduleTarget } from '@sprout/db';
import { previewOriginOf, siteUrlOf } from '../hosting/hosts';
import type { Services } from '../services';
import { callFunction } from './call-function';
import type { FunctionCaller } from './function-caller';

/** How often due schedules are looked for: a schedule runs within this of its time. */
const TICK_MS = 20_000;
/** A run missed by more than this (the machine was down a week) is not made up. */
const LOOK_BACK_MS = 7 * 24 * 3600_000;
/** A schedule first seen this soon after it fell due runs at once. */
const JUST_DUE_MS = 90_000;
/** Test schedules run for projects changed in the last day. */
const TEST_ACTIVE_MS = 24 * 3600_000;

/** The caller of a scheduled run: nobody signed in, no visitor; the app's own origin. */
export async function scheduledCaller(s: Services, target: ScheduleTarget, name: string): Promise<FunctionCaller | null> {
  const built = await s.functions.versions.of(target.versionId, () => getVersionFiles(s.db, target.versionId));
  const fn = built.functions.get(name);
  if (!fn) return null;
  const tier = await s.appCaches.tierOf(target.ownerId, async () => (await getUserById(s.db, target.ownerId))?.tier ?? 'free');
  const origin = target.dataset === 'live' && target.slug ? siteUrlOf(target.slug, s.config) : previewOriginOf(target.sproutId, s.config);
  return {
    fn,
    functions: [...built.functions.values()],
    scope: { sproutId: target.sproutId, dataset: target.dataset },
    secrets: target.dataset,
    versionId: target.versionId,
    ownerId: target.ownerId,
    tier,
    origin,
    kind: target.dataset === 'live' ? 'site' : 'preview',
    user: null,
    visitor: null,
  };
}

/**
 * Runs every schedule due at `now` once: each due time is claimed in the database, so of several
 * instances exactly one runs it; a run missed while no instance was up runs once when one is
 * (the latest due time, never a backlog). A plan's shortest interval holds however often the
 * schedule says. Returns the runs it made.
 */
export async function runDueSchedules(s: Services, now = new Date()): Promise<{ sproutId: string; name: string; status: number | null }[]> {
  const ran: { sproutId: string; name: string; status: number | null }[] = [];
  for (const target of await listScheduleTargets(s.db, { testSince: new Date(now.getTime() - TEST_ACTIVE_MS) })) {
    const built = await s.functions.versions.of(target.versionId, () => getVersionFiles(s.db, target.versionId));
    for (const fn of built.functions.values()) {
      if (!fn.schedule) continue;
      const cron = parseCron(fn.schedule);
      if (!cron.ok) continue;
      const due = lastFireAtOrBefore(cron.cron, now, LOOK_BACK_MS);
      if (!due) continue;
      const caller = await scheduledCaller(s, target, fn.name);
      if (!caller) continue;
      const minGapMs = functionLimits(caller.tier).scheduleMinutes * 60_000;
      const scope = { sproutId: target.sproutId, dataset: target.dataset };
      if (!(await claimScheduledRun(s.db, scope, fn.name, due, { minGapMs, firstRun: now.getTime() - due.getTime() < JUST_DUE_MS }))) continue;
      const url = `/_sprout/v1/functions/${fn.name}`;
      try {
        const out = await callFunction(s, caller, { method: 'POST', url, headers: { 'x-sprout-schedule': due.toISOString() }, body: null }, 'schedule');
        ran.push({ sproutId: target.sproutId, name: fn.name, status: out.status });
      } catch (err) {
        // Recorded in the function's logs already (callFunction); the other schedules go on.
        s.log.info({ err, sproutId: target.sproutId, name: fn.name }, 'a scheduled function failed');
        ran.push({ sproutId: target.sproutId, name: fn.name, status: null });
      }
    }
  }
  return ran;
}

/** Looks for due schedules every TICK_MS from now on; returns the function that stops it. */
export function startSchedules(s: Services): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runDueSchedules(s);
    } catch (err) {
      s.log.warn({ err }, 'looking for due schedules failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
