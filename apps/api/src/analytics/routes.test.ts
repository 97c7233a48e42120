import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@sprout/db';
import { waitUntil } from '@sprout/testkit';
import { createTestApp, useTestApp } from '../testing';
import { startRetention } from './analytics';

const event = (i: number, extra: Record<string, unknown> = {}) => ({
  messageId: `message-${i}-${Math.random().toString(36).slice(2)}`,
  name: 'Page Viewed',
  properties: { path: `/p${i}` },
  timestamp: new Date().toISOString(),
  anonymousId: 'anon-1',
  ...extra,
});

describe('POST /v1/events', () => {
  const t = useTestApp();

  it('stores a batch from a visitor without a token, once per messageId', async () => {
    const batch = [event(1), event(2)];
    const first = await t.api('POST', '/v1/events', { body: { events: batch } });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ stored: 2 });
    const retry = await t.api('POST', '/v1/events', { body: { events: batch } });
    expect(retry.json()).toEqual({ stored: 0 });
    const rows = await t.db.db.select().from(schema.analyticsEvents).where(eq(schema.analyticsEvents.anonymousId, 'anon-1'));
    expect(rows.map((r) => r.name)).toEqual(['Page Viewed', 'Page Viewed']);
    expect(rows[0]!.userId).toBeNull();
  });

  it('attaches the user when a valid token is sent and refuses a bad one', async () => {
    const s = await t.register();
    const e = event(3, { name: 'Prompt Sent' });
    expect((await t.api('POST', '/v1/events', { token: s.idToken, body: { events: [e] } })).statusCode).toBe(202);
    const [row] = await t.db.db.select().from(schema.analyticsEvents).where(eq(schema.analyticsEvents.messageId, e.messageId));
    expect(row!.userId).toBe(s.user.id);
    expect((await t.api('POST', '/v1/events', { token: 'garbage', body: { events: [event(4)] } })).statusCode).toBe(401);
  });

  it.each([
    [{ events: [] }, 'events'],
    [{ events: Array.from({ length: 101 }, (_, i) => event(i)) }, 'events'],
    [{ events: [event(5, { name: 'Hacked' })] }, 'events.0.name'],
    [{ events: [event(6, { timestamp: 'yesterday' })] }, 'events.0.timestamp'],
    [{ events: [event(7, { properties: { big: 'x'.repeat(9000) } })] }, 'events.0.properties'],
    [{ events: [event(8)], extra: 1 }, 'extra'],
  ])('rejects %#', async (body, path) => {
    const res = await t.api('POST', '/v1/events', { body });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(path);
  });

  it('stores client error reports', async () => {
    const res = await t.api('POST', '/v1/monitoring/errors', { body: { message: 'TypeError: x is undefined', url: 'http://localhost:3000/build' } });
    expect(res.statusCode).toBe(202);
    const rows = await t.db.db.select().from(schema.analyticsEvents).where(eq(schema.analyticsEvents.name, 'Client Error'));
    expect(rows[0]!.properties).toMatchObject({ message: 'TypeError: x is undefined', source: 'web' });
  });
});

describe('forwarding to a Segment-compatible endpoint', () => {
  it('sends stored events with the write key when configured', async () => {
    const received: { auth?: string; body: { batch: { event: string; messageId: string; userId?: string }[] } }[] = [];
    const server = createServer((req: IncomingMessage, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body: JSON.parse(data) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const t = await createTestApp({ ANALYTICS_WRITE_KEY: 'wk_test', ANALYTICS_URL: `http://127.0.0.1:${port}/v1/batch` });
    try {
      const s = await t.register();
      const e = event(9, { name: 'Publish' });
      await t.api('POST', '/v1/events', { token: s.idToken, body: { events: [e] } });
      await waitUntil(() => received.length > 0, { what: 'the batch forwarded to the analytics endpoint' });
      expect(received).toHaveLength(1);
      expect(received[0]!.auth).toBe(`Basic ${Buffer.from('wk_test:').toString('base64')}`);
      expect(received[0]!.body.batch).toEqual([expect.objectContaining({ type: 'track', event: 'Publish', messageId: e.messageId, userId: s.user.id })]);
    } finally {
      await t.close();
      server.close();
    }
  });
});

describe('intake limits', () => {
  it('take small batches from visitors, and bound requests per minute per visitor address and per person', async () => {
    const t = await createTestApp({ INTAKE_PER_MINUTE_ANONYMOUS: '3', INTAKE_PER_MINUTE: '5' });
    try {
      const big = await t.api('POST', '/v1/events', { body: { events: Array.from({ length: 21 }, (_, i) => event(i)) } });
      expect(big.statusCode).toBe(413);
      expect(big.json()).toMatchObject({ code: 'batch_too_large' });
      const visitor = [];
      for (let i = 0; i < 4; i++) visitor.push((await t.api('POST', '/v1/events', { body: { events: [event(100 + i)] } })).statusCode);
      expect(visitor).toEqual([202, 202, 202, 429]);
      // Error reports count against the same budget.
      expect((await t.api('POST', '/v1/monitoring/errors', { body: { message: 'boom' } })).statusCode).toBe(429);
      // A signed-in person has a budget of their own, and may send bigger batches.
      const s = await t.register();
      const batch = await t.api('POST', '/v1/events', { token: s.idToken, body: { events: Array.from({ length: 50 }, (_, i) => event(200 + i)) } });
      expect(batch.statusCode).toBe(202);
    } finally {
      await t.close();
    }
  });
});

describe('analytics retention', () => {
  it('deletes events received before ANALYTICS_RETENTION_DAYS, and keeps the rest', async () => {
    const t = await createTestApp({ ANALYTICS_RETENTION_DAYS: '30' });
    try {
      const old = new Date(Date.now() - 31 * 86_400_000);
      await t.db.db.insert(schema.analyticsEvents).values([
        { messageId: 'old-event-0001', name: 'Page Viewed', properties: {}, occurredAt: old, receivedAt: old },
        { messageId: 'new-event-0001', name: 'Page Viewed', properties: {}, occurredAt: new Date() },
      ]);
      const stop = startRetention(t.app.services, t.app.log);
      await waitUntil(
        async () => (await t.db.db.select().from(schema.analyticsEvents).where(eq(schema.analyticsEvents.messageId, 'old-event-0001'))).length === 0,
        {
          what: 'the old event to be deleted',
        },
      );
      stop();
      expect(await t.db.db.select().from(schema.analyticsEvents).where(eq(schema.analyticsEvents.messageId, 'new-event-0001'))).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
