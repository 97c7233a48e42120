import { describe, expect, it } from 'vitest';
import { PREFERENCE_DEFAULTS, mergePreferences } from './preferences';

describe('preferences', () => {
  it('turns the notification sound on by default', () => {
    expect(PREFERENCE_DEFAULTS).toEqual({ notificationSound: true });
  });

  it('keeps a stored choice and ignores junk', () => {
    expect(mergePreferences({ notificationSound: false })).toEqual({ notificationSound: false });
    for (const junk of [null, undefined, 'false', [], { notificationSound: 'false' }, { notificationSound: 0 }]) {
      expect(mergePreferences(junk)).toEqual({ notificationSound: true });
    }
  });
});
