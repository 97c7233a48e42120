import { scaledTimeout } from './timeouts';

export interface WaitOptions {
  /** How long to keep trying, in ms on an unloaded machine (default 30 s); it grows with the machine's load (`scaledTimeout`). */
  timeout?: number;
  /** What is being waited for, named in the error when it never comes. */
  what: string;
  /** Pause between two tries, in ms (default 100). */
  interval?: number;
}

/**
 * Polls `condition` until it returns a truthy value, and returns that value. A condition that
 * throws is tried again; when time runs out the error names `what` and the last thing that went
 * wrong. For waiting on something the test cannot be told about directly (a server answering, a
 * row appearing): never a fixed sleep.
 */
export async function waitUntil<T>(condition: () => T | Promise<T>, { timeout = 30_000, what, interval = 100 }: WaitOptions): Promise<NonNullable<T>> {
  const limit = scaledTimeout(timeout);
  const deadline = Date.now() + limit;
  let last: unknown;
  for (;;) {
    try {
      const value = await condition();
      if (value) return value as NonNullable<T>;
      last = value;
    } catch (err) {
      last = err;
    }
    if (Date.now() >= deadline) {
      const why = last instanceof Error ? `last error: ${last.message}` : `last value: ${JSON.stringify(last)}`;
      throw new Error(`Gave up after ${limit} ms waiting for ${what} (${why})`, { cause: last });
    }
    await new Promise((r) => setTimeout(r, interval));
  }
}
