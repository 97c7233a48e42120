import { describe, expect, it } from 'vitest';
import { TIER_IDS } from './tiers';
import { TOOL_STEP_LIMITS, toolLimits } from './tool-limits';

describe('tool limits', () => {
  it('bounds every plan, Free the least', () => {
    for (const tier of TIER_IDS) {
      const l = toolLimits(tier);
      expect(l.steps).toBeGreaterThan(1);
      expect(l.tokens).toBeGreaterThan(0);
      expect(l.steps).toBeGreaterThanOrEqual(TOOL_STEP_LIMITS.free.steps);
      expect(l.tokens).toBeGreaterThanOrEqual(TOOL_STEP_LIMITS.free.tokens);
    }
    expect(TOOL_STEP_LIMITS['tier-1'].steps).toBeGreaterThan(TOOL_STEP_LIMITS.free.steps);
  });

  it('gives an unknown tier Free’s limits, and a copy nobody can change the table through', () => {
    expect(toolLimits('gold')).toEqual(TOOL_STEP_LIMITS.free);
    expect(toolLimits('__proto__')).toEqual(TOOL_STEP_LIMITS.free);
    const mine = toolLimits('free');
    mine.steps = 1000;
    expect(toolLimits('free').steps).toBe(TOOL_STEP_LIMITS.free.steps);
  });
});
