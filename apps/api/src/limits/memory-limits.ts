import { OpenCounts } from './open-counts';
import type { SharedLimits } from './shared-limits';

const MAX_WINDOWS = 100_000;

/** Limits counted in this process: right when it is the only instance (the embedded database's case). */
export class MemoryLimits implements SharedLimits {
  readonly kind = 'memory';
  private readonly windows = new Map<string, { start: number; count: number }>();
  private readonly open = new OpenCounts();

  async hit(key: string, windowMs: number, now = Date.now()): Promise<{ count: number; resetMs: number }> {
    let w = this.windows.get(key);
    if (!w || now - w.start >= windowMs) {
      if (this.windows.size >= MAX_WINDOWS) this.sweep(now, windowMs);
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { count: w.count, resetMs: w.start + windowMs - now };
  }

  async tryOpen(keys: readonly string[], limits: readonly number[]): Promise<boolean> {
    return this.open.tryOpen(keys, limits);
  }

  async close(keys: readonly string[]): Promise<void> {
    this.open.close(keys);
  }

  async stop(): Promise<void> {}

  private sweep(now: number, windowMs: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= windowMs) this.windows.delete(key);
    // Still full of live windows: start over rather than grow without bound.
    if (this.windows.size >= MAX_WINDOWS) this.windows.clear();
  }
}
