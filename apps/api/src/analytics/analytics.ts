import type { FastifyBaseLogger } from 'fastify';
import { deleteAnalyticsEventsBefore, insertAnalyticsEvents, type AnalyticsEventInput } from '@sprout/db';
import type { Services } from '../services';
import { forwardSettles, type ForwardBatch, type ForwardTarget } from './forward-events';

export interface IncomingEvent {
  messageId: string;
  name: string;
  properties: Record<string, unknown>;
  timestamp: string;
  anonymousId?: string;
}

/**
 * Stores a batch first-party (idempotent by messageId, so a retried batch counts once) and, when a
 * write key is configured, forwards it to a Segment-compatible endpoint: as a job on a shared
 * PostgreSQL (tried again for hours while the endpoint is down), else in the background from here.
 */
export async function recordEvents(s: Services, userId: string | null, events: IncomingEvent[], log: FastifyBaseLogger): Promise<number> {
  const rows: AnalyticsEventInput[] = events.map((e) => ({
    messageId: e.messageId,
    userId,
    anonymousId: e.anonymousId ?? null,
    name: e.name,
    properties: e.properties,
    occurredAt: new Date(e.timestamp),
  }));
  const stored = await insertAnalyticsEvents(s.db, rows);
  const { writeKey, url } = s.config.analytics;
  if (writeKey && stored > 0) {
    if (s.forwardQueue) await s.forwardQueue.add({ userId, events });
    else void forwardSoon({ url, writeKey }, { userId, events }, log);
  }
  return stored;
}

/** Without a queue: three attempts from this process, a second apart and growing; lost if it stops. */
async function forwardSoon(target: ForwardTarget, batch: ForwardBatch, log: FastifyBaseLogger): Promise<void> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    if (await forwardSettles(target, batch, log)) return;
    if (attempt < 3) await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
  }
  log.error({ count: batch.events.length }, 'analytics forward gave up after 3 attempts');
}

/** Deletes events older than ANALYTICS_RETENTION_DAYS now and every hour after; returns the stop function. */
export function startRetention(s: Services, log: FastifyBaseLogger): () => void {
  const sweep = async () => {
    try {
      const before = new Date(Date.now() - s.config.analyticsRetentionDays * 86_400_000);
      const deleted = await deleteAnalyticsEventsBefore(s.db, before);
      if (deleted > 0) log.info({ deleted, before }, 'analytics retention');
    } catch (err) {
      log.warn({ err }, 'analytics retention failed');
    }
  };
  void sweep();
  const timer = setInterval(() => void sweep(), 3600_000);
  timer.unref();
  return () => clearInterval(timer);
}
