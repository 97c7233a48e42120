'use client';
import { useCallback, useSyncExternalStore } from 'react';
import { mergePreferences, PREFERENCE_DEFAULTS, type Preferences } from '@sprout/core';

// Per-device preferences (the notification sound on by default, kept locally).
const STORAGE_KEY = 'sprout.preferences';
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: Preferences = { ...PREFERENCE_DEFAULTS };
// Set when storage refuses a write (blocked or full): the choice then lasts for this page only.
let memoryOnly: Preferences | null = null;

function readRaw(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The stored preferences merged over the defaults; unknown or broken values fall back to the defaults. */
export function readPreferences(): Preferences {
  if (typeof window === 'undefined') return PREFERENCE_DEFAULTS;
  if (memoryOnly) return memoryOnly;
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    let parsed: unknown = null;
    try {
      parsed = raw ? JSON.parse(raw) : null;
    } catch {
      parsed = null;
    }
    cached = mergePreferences(parsed);
  }
  return cached;
}

export function writePreferences(changes: Partial<Preferences>): Preferences {
  const next = mergePreferences({ ...readPreferences(), ...changes });
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    memoryOnly = null;
  } catch {
    memoryOnly = next;
  }
  for (const l of listeners) l();
  return next;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const serverSnapshot = (): Preferences => PREFERENCE_DEFAULTS;

/** Live preferences (other tabs included) and a setter. */
export function usePreferences(): [Preferences, (changes: Partial<Preferences>) => void] {
  const prefs = useSyncExternalStore(subscribe, readPreferences, serverSnapshot);
  const set = useCallback((changes: Partial<Preferences>) => void writePreferences(changes), []);
  return [prefs, set];
}
