import { describe, expect, it } from 'vitest';
import { readSproutCallOptions, sproutProviderOptions } from './call-options';

describe('sprout call options', () => {
  it('round-trip through provider options', () => {
    expect(readSproutCallOptions(sproutProviderOptions({ staff: true }))).toEqual({ staff: true });
    expect(readSproutCallOptions(sproutProviderOptions({ staff: false }))).toEqual({ staff: false });
  });

  it('read as "not staff" when missing or malformed', () => {
    for (const bad of [undefined, null, 'x', {}, { sprout: null }, { sprout: { staff: 'yes' } }, { sprout: { staff: 1 } }, { openai: { staff: true } }])
      expect(readSproutCallOptions(bad)).toEqual({ staff: false });
  });
});
