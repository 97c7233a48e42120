import { parseDataRules } from '@sprout/core';

type ParsedRules = ReturnType<typeof parseDataRules>;

const RULES_CACHE_SIZE = 500;
const TIER_TTL_MS = 30_000;
const MAX_TIERS = 10_000;

/**
 * What the app backends of one app (in its services) keep between requests: each version's parsed
 * data rules (a version never changes: parsed once, a small LRU) and each owner's plan, which sets
 * their apps' limits (read at most every 30 s per owner: a plan change reaches apps within that).
 */
export class AppBackendCaches {
  private readonly rules = new Map<string, ParsedRules>();
  private readonly tiers = new Map<string, { tier: string; until: number }>();

  /** The rules of `versionId`, parsed from what `read` gives (its rules file, or null) the first time. */
  async rulesOf(versionId: string, read: () => Promise<string | null>): Promise<ParsedRules> {
    const hit = this.rules.get(versionId);
    if (hit) return hit;
    const parsed = parseDataRules(await read());
    this.rules.set(versionId, parsed);
    if (this.rules.size > RULES_CACHE_SIZE) this.rules.delete(this.rules.keys().next().value!);
    return parsed;
  }

  /** The owner's plan, from what `read` gives when it was not read in the last 30 s. */
  async tierOf(ownerId: string, read: () => Promise<string>, now = Date.now()): Promise<string> {
    const hit = this.tiers.get(ownerId);
    if (hit && hit.until > now) return hit.tier;
    const tier = await read();
    if (this.tiers.size >= MAX_TIERS) this.tiers.clear();
    this.tiers.set(ownerId, { tier, until: now + TIER_TTL_MS });
    return tier;
  }
}
