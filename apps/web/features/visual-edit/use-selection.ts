'use client';
import { useSyncExternalStore } from 'react';
import { selectionFor, type SelectionState } from './selection-store';

const NONE: SelectionState = { picking: false, selected: null, allItems: false };

/** The project's selected element and pick mode, re-rendering when they change. */
export function useSelection(sproutId: string): SelectionState {
  const store = selectionFor(sproutId);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, () => NONE);
}
