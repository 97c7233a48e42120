import type { FastifyBaseLogger } from 'fastify';
import { deleteAnalyticsEventsBefore, insertAnalyticsEvents, type AnalyticsEventInput } from '@sprout/db';
import type { Services } from '../services';

export interface IncomingEvent {
  messageId: string;
  name: string;
  properties: Record<string, unknown>;
  timestamp: string;
  anonymousId?: string;
}

/**
 * Stores a batch first-party (idempotent by messageId, so a retried batch counts once) and, when a
 * write key is configured, forwards it to a Segment-compatible endpoint in the background.
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
  if (s.config.analytics.writeKey && stored > 0) void forward(s, userId, events, log);
  return stored;
}

async function forward(s: Services, userId: string | null, events: IncomingEvent[], log: FastifyBaseLogger): Promise<void> {
  const { writeKey, url } = s.config.analytics;
  const body = JSON.stringify({
    batch: events.map((e) => ({
      type: 'track',
      event: e.name,
      properties: e.properties,
      messageId: e.messageId,
      timestamp: e.timestamp,
      ...(userId ? { userId } : {}),
      anonymousId: e.anonymousId ?? userId ?? 'unknown',
    })),
  });
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${writeKey}:`).toString('base64')}` },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      if (res.ok) return;
      if (res.status < 500 && res.status !== 429) {
        log.warn({ status: res.status }, 'analytics forward refused');
        return;
      }
    } catch (err) {
      log.warn({ err, attempt }, 'analytics forward failed');
    }
    await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
  }
  log.error({ count: events.length }, 'analytics forward gave up after 3 attempts');
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
