/** A map that keeps its `max` most recently set entries. */
class Recent<K, V> {
  private readonly entries = new Map<K, V>();
  constructor(private readonly max: number) {}

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as K);
  }
}

/**
 * What serving published pages remembers in this process (hosting/site-head.ts, site-pages.ts):
 * each deployment's prerendered routes (a deployment never changes), whether it has a thumbnail, and
 * pages with their head written, by deployment, settings, route and status (a page is rewritten once
 * per change of either, not on every visit).
 */
export class SitePageCaches {
  readonly routeLists = new Recent<string, Set<string> | null>(500);
  readonly thumbnails = new Recent<string, { has: boolean; at: number }>(1000);
  readonly pages = new Recent<string, Uint8Array>(200);
}
