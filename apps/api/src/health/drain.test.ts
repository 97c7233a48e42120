import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing';
import { drainInstance } from './drain';

// The whole drain (a reply finishing on a stopped instance, followed elsewhere) is in
// reliability/multi-process.test.ts; here, what the balancer is told.
const t = useTestApp();

describe('draining for a deploy', () => {
  it('answers /health with 503 "draining" from the moment it starts, and has nothing to wait for without runs', async () => {
    expect((await t.api('GET', '/health')).statusCode).toBe(200);
    expect(await drainInstance(t.app.services, 60_000)).toEqual({ left: 0 });
    const health = await t.api('GET', '/health');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'draining', database: t.db.kind });
  });
});
