import { isTierId, type TierId } from './tiers';

/**
 * What one run of a model that uses tools may spend on them (docs/architecture.md#tools): `steps`
 * is the number of model requests in its tool loop (each reads what the tools answered), `tokens`
 * the input and output tokens those requests may use together. Past either the model is stopped;
 * its last step is asked for an answer without tools.
 */
export interface ToolLimits {
  steps: number;
  tokens: number;
}

const limit = (steps: number, tokens: number): Readonly<ToolLimits> => Object.freeze({ steps, tokens });

/** By plan: Free gets fewer steps; the complimentary plans the most. An unknown tier gets Free's. */
export const TOOL_STEP_LIMITS: Readonly<Record<TierId, Readonly<ToolLimits>>> = Object.freeze({
  free: limit(8, 250_000),
  'tier-1': limit(20, 800_000),
  'tier-2': limit(20, 800_000),
  'tier-3': limit(24, 1_000_000),
  'tier-4': limit(24, 1_000_000),
  'sprout-tier-internal-staff': limit(32, 1_500_000),
  'sprout-tier-external-partner': limit(24, 1_000_000),
});

/** The tool limits of a tier as stored (any string): never more than Free's for a tier we do not know. */
export function toolLimits(tier: string): ToolLimits {
  return { ...TOOL_STEP_LIMITS[isTierId(tier) ? tier : 'free'] };
}
