/**
 * Runs the shutdown steps in order within `timeoutMs` in all. A step that never settles (a database
 * connection stuck after an outage, a client that does not let go) must not keep a stopped instance
 * alive until the orchestrator kills it: past the limit the caller exits anyway. Runs still going
 * were already aborted by the first step and end as interrupted (refunded) on the next start.
 */
export async function shutdownWithin(
  timeoutMs: number,
  steps: readonly { name: string; run: () => Promise<unknown> }[],
): Promise<{ ok: true } | { ok: false; stuck: string; error?: unknown }> {
  let current = steps[0]?.name ?? '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), timeoutMs);
  });
  const all = (async () => {
    for (const step of steps) {
      current = step.name;
      await step.run();
    }
  })();
  try {
    const outcome = await Promise.race([all.then(() => 'done' as const), late]);
    return outcome === 'done' ? { ok: true } : { ok: false, stuck: current };
  } catch (error) {
    return { ok: false, stuck: current, error };
  } finally {
    clearTimeout(timer);
  }
}
