import { z } from 'zod';
import type { UsageStats } from '../plans/plan-limits';
import { TIER_IDS } from '../plans/tiers';
import type { Assert, Same } from './same';

export const Quota = z.object({
  limit: z.number().int().nullable().describe('null = unlimited'),
  used: z.number().int(),
  available: z.number().int().nullable().describe('null = unlimited'),
});

/** GET /usage: core's UsageStats, as the API sends it. */
export const Usage = z
  .object({
    tier: z.enum(TIER_IDS),
    projects: Quota,
    dailyMessages: Quota,
    monthlyMessages: Quota,
  })
  .meta({ id: 'Usage' });
export type Usage = z.infer<typeof Usage>;

// The rule (core's usageStats) and the wire shape are one type: this fails to compile when they part.
export type UsageIsUsageStats = Assert<Same<Usage, UsageStats>>;
