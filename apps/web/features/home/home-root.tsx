'use client';
import { createContext, useContext, type ReactNode } from 'react';
import type { ExperimentBucket } from '@sprout/core';
import { useExperiment } from '@/features/telemetry';
import { PromptDraftProvider } from '@/features/projects';

type HomeBucket = ExperimentBucket<'demo-ab-test'> | null;
const BucketCtx = createContext<HomeBucket>(null);

/** The bucket of the home page experiment ('demo-ab-test'), null until it is known. */
export function useHomeBucket(): HomeBucket {
  return useContext(BucketCtx);
}

/**
 * The home page root: one exposure of 'demo-ab-test' per session, the bucket on the root element
 * for tests and analytics, and one prompt draft shared by the box, the chips and the templates.
 */
export function HomeRoot({ children }: { children: ReactNode }) {
  const bucket = useExperiment('demo-ab-test');
  return (
    <main className="relative flex flex-1 flex-col overflow-x-clip" data-testid="home" data-experiment-bucket={bucket ?? undefined}>
      <BucketCtx.Provider value={bucket}>
        <PromptDraftProvider>{children}</PromptDraftProvider>
      </BucketCtx.Provider>
    </main>
  );
}
