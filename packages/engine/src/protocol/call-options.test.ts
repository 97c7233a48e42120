import { describe, expect, it } from 'vitest';
import { readSproutCallOptions, sproutProviderOptions } from './call-options';

describe('sprout call options', () => {
  it('round-trip through provider options', () => {
    expect(readSproutCallOptions(sproutProviderOptions({ staff: true }))).toEqual({ staff: true, mode: 'build' });
    expect(readSproutCallOptions(sproutProviderOptions({ staff: false, mode: 'plan' }))).toEqual({ staff: false, mode: 'plan' });
  });

  it('read as "not staff", "build" when missing or malformed', () => {
    for (const bad of [
      undefined,
      null,
      'x',
      {},
      { sprout: null },
      { sprout: { staff: 'yes', mode: 'PLAN' } },
      { sprout: { staff: 1, mode: 1 } },
      { openai: { staff: true, mode: 'plan' } },
    ])
      expect(readSproutCallOptions(bad)).toEqual({ staff: false, mode: 'build' });
  });
});
