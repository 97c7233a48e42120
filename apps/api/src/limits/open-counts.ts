/**
 * How many long-lived things (event streams) each key holds open in this process: per person, per
 * visitor, per client address. One per app, in its services, so one app's count is never another's.
 */
export class OpenCounts {
  private readonly open = new Map<string, number>();

  /** How many `key` holds open. */
  count(key: string): number {
    return this.open.get(key) ?? 0;
  }

  /** Opens one for every key when none is at its limit (`limits[i]` for `keys[i]`) and says so; opens nothing otherwise. */
  tryOpen(keys: readonly string[], limits: readonly number[]): boolean {
    if (keys.some((key, i) => this.count(key) >= limits[i]!)) return false;
    for (const key of keys) this.open.set(key, this.count(key) + 1);
    return true;
  }

  /** Closes one for every key (what a `tryOpen` that succeeded opened). */
  close(keys: readonly string[]): void {
    for (const key of keys) {
      const left = this.count(key) - 1;
      if (left > 0) this.open.set(key, left);
      else this.open.delete(key);
    }
  }
}
