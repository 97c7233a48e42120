/** Per-device preferences, kept in the browser; only their defaults are product rules. */
export type Preferences = { notificationSound: boolean };

export const PREFERENCE_DEFAULTS: Readonly<Preferences> = Object.freeze({ notificationSound: true });

export function mergePreferences(stored: unknown): Preferences {
  const merged: Preferences = { ...PREFERENCE_DEFAULTS };
  if (typeof stored === 'object' && stored !== null && !Array.isArray(stored)) {
    const sound = (stored as Record<string, unknown>).notificationSound;
    if (typeof sound === 'boolean') merged.notificationSound = sound;
  }
  return merged;
}
