import { z } from 'zod';

/** Where events go besides our own table: a Segment-compatible batch endpoint and its write key. */
export interface ForwardTarget {
  url: string;
  writeKey: string;
}

/** One stored batch to forward, as a job carries it. */
export const ForwardBatch = z.object({
  userId: z.string().nullable(),
  events: z.array(
    z.object({
      messageId: z.string(),
      name: z.string(),
      properties: z.record(z.string(), z.unknown()),
      timestamp: z.string(),
      anonymousId: z.string().optional(),
    }),
  ),
});
export type ForwardBatch = z.infer<typeof ForwardBatch>;

/** How one attempt ended: `later` (the endpoint failed or is unreachable: try again) or `refused` (it will never take this batch). */
export type ForwardResult = { ok: true } | { ok: false; later: boolean; status?: number; error?: unknown };

const TIMEOUT_MS = 10_000;

/**
 * Posts a batch once, as Segment's HTTP API takes it (`track` calls, the write key as the Basic user).
 * A retried batch repeats its messageIds, by which such endpoints drop duplicates.
 */
export async function forwardBatch(target: ForwardTarget, batch: ForwardBatch): Promise<ForwardResult> {
  const body = JSON.stringify({
    batch: batch.events.map((e) => ({
      type: 'track',
      event: e.name,
      properties: e.properties,
      messageId: e.messageId,
      timestamp: e.timestamp,
      ...(batch.userId ? { userId: batch.userId } : {}),
      anonymousId: e.anonymousId ?? batch.userId ?? 'unknown',
    })),
  });
  try {
    const res = await fetch(target.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${target.writeKey}:`).toString('base64')}` },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (res.ok) return { ok: true };
    // Too many requests and server errors pass; any other refusal is about the batch itself.
    return { ok: false, later: res.status >= 500 || res.status === 429, status: res.status };
  } catch (error) {
    return { ok: false, later: true, error };
  }
}

/**
 * One attempt judged: true when the batch is settled (taken, or refused for good, which is logged:
 * trying again cannot help), false when the endpoint failed and another attempt may succeed.
 */
export async function forwardSettles(target: ForwardTarget, batch: ForwardBatch, log: { warn: (o: object, msg: string) => void }): Promise<boolean> {
  const result = await forwardBatch(target, batch);
  if (result.ok) return true;
  if (result.later) {
    log.warn({ err: result.error, status: result.status, count: batch.events.length }, 'analytics forward failed');
    return false;
  }
  log.warn({ status: result.status, count: batch.events.length }, 'analytics forward refused');
  return true;
}
