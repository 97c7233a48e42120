import type { Services } from '../services';

/**
 * A rolling deploy's first step: /health answers 503 "draining", so the balancer sends new requests
 * to other instances, and the replies being written here may finish within `withinMs`. Resolves
 * with how many are still going then (closing the app interrupts and refunds them).
 */
export async function drainInstance(s: Services, withinMs: number): Promise<{ left: number }> {
  s.instance.draining = true;
  // Runs still queued go to the other workers.
  s.runQueue.stopTaking();
  // Checks taken here may finish too; those still going when the server closes are handed back.
  const checks = drainChecks(s, withinMs);
  const running = s.engine.runs.activeCount;
  if (running === 0) {
    await checks;
    return { left: 0 };
  }
  const started = Date.now();
  s.log.info({ running, withinMs }, 'draining: the replies being written here may finish before the server closes');
  const [{ left }] = await Promise.all([s.engine.runs.drain(withinMs), checks]);
  s.log.info({ left, ms: Date.now() - started }, left ? 'drained: replies still going end as interrupted' : 'drained: every reply finished');
  return { left };
}

async function drainChecks(s: Services, withinMs: number): Promise<void> {
  if (!s.checkQueue && !s.typeCheckQueue) return;
  let timer: NodeJS.Timeout | undefined;
  const taken = Promise.all([s.checkQueue?.stopTaking(), s.typeCheckQueue?.stopTaking()]);
  await Promise.race([taken, new Promise((resolve) => (timer = setTimeout(resolve, withinMs)))]);
  clearTimeout(timer);
}
