import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryStorage } from './memory-storage';
import { readPreferences, writePreferences } from './preferences';

describe('preferences', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    Object.assign(globalThis, { window: globalThis, localStorage: storage });
  });
  afterEach(() => {
    delete (globalThis as Record<string, unknown>).window;
    delete (globalThis as Record<string, unknown>).localStorage;
  });

  it('has the notification sound on by default', () => {
    expect(readPreferences()).toEqual({ notificationSound: true });
  });

  it('keeps a change in localStorage', () => {
    writePreferences({ notificationSound: false });
    expect(JSON.parse(storage.getItem('sprout.preferences')!)).toEqual({ notificationSound: false });
    expect(readPreferences().notificationSound).toBe(false);
  });

  it('falls back to the defaults for broken or foreign values', () => {
    storage.setItem('sprout.preferences', '{not json');
    expect(readPreferences()).toEqual({ notificationSound: true });
    storage.setItem('sprout.preferences', JSON.stringify({ notificationSound: 'no' }));
    expect(readPreferences()).toEqual({ notificationSound: true });
  });
});
