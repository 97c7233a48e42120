'use client';
import type { Sprout } from '@sprout/core/contract';
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/**
 * What the page around the preview offers over a version that does not build: going back to the
 * version before, asking Sprout to fix it. The preview knows neither the history nor the chat, so
 * the project page hands it these controls (features/workspace).
 */
export type BuildErrorActions = ComponentType<{ sprout: Sprout; versionId: string }>;

const Context = createContext<BuildErrorActions | null>(null);

export function BuildErrorActionsProvider({ actions, children }: { actions: BuildErrorActions; children: ReactNode }) {
  return <Context.Provider value={actions}>{children}</Context.Provider>;
}

/** The controls the page offers, or null (a preview outside a project page). */
export const useBuildErrorActions = (): BuildErrorActions | null => useContext(Context);
