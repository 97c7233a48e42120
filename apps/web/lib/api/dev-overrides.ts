'use client';
import { useSyncExternalStore } from 'react';
import type { Flags } from '@sprout/core';
import { setApiOverrides } from './client';

/**
 * Values only the developer toolbar (course engineers) ever sets. Shared code reads them from here;
 * the toolbar's own code — storage, UI — is a separate chunk nobody else loads.
 */
export interface DevOverrides {
  flags: Partial<Flags>;
  impersonationToken: string | null;
  previewApi: boolean;
}

const EMPTY: DevOverrides = { flags: {}, impersonationToken: null, previewApi: false };
let current: DevOverrides = EMPTY;
const listeners = new Set<() => void>();

export function setDevOverrides(next: DevOverrides): void {
  current = next;
  setApiOverrides({ token: next.impersonationToken, previewVariant: next.previewApi });
  for (const l of listeners) l();
}

export function useDevOverrides(): DevOverrides {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => EMPTY,
  );
}
