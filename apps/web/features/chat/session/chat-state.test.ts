import { describe, expect, it } from 'vitest';
import { messageFlagOverrides } from './chat-state';

describe('message flag overrides', () => {
  it('sends only the flags the API accepts per message, and nothing when none is set', () => {
    expect(messageFlagOverrides({ showMachineLogs: true, enableDiffView: true })).toBeUndefined();
    expect(messageFlagOverrides({ aiModelOverride: 'anthropic:x', enableImageUploads: false, showMachineLogs: true })).toEqual({
      aiModelOverride: 'anthropic:x',
      enableImageUploads: false,
    });
  });
});
