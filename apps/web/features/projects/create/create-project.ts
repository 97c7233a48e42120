'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import type { Paywall } from '@sprout/core';
import { useAppServices } from '@/lib/api/services';
import { useIdle } from '@/lib/browser/use-idle';
import type { CreateOptions, CreateOutcome, CreatePhase, CreateStatus } from './create-flow';

/** The flow itself (create-flow.ts), a chunk of its own: the module loads once, whoever asks first. */
let flow: Promise<typeof import('./create-flow')> | null = null;
const loadCreateFlow = () => {
  flow ??= import('./create-flow').catch((err: unknown) => {
    // A failed chunk load (offline, a deploy meanwhile) may succeed on the next send.
    flow = null;
    throw err;
  });
  return flow;
};

export type { CreateOptions, CreateOutcome, CreatePhase, CreateStatus } from './create-flow';

/**
 * The create flow, shared by the home prompt box, the projects list and /init-project:
 * check usage (paywall instead of creating), create, refresh usage, track, open the project.
 */
export function useCreateProject() {
  const services = useAppServices();
  const router = useRouter();
  const [status, setStatus] = useState<CreateStatus>('idle');
  const [phase, setPhase] = useState<CreatePhase | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paywall, setPaywall] = useState<Paywall | null>(null);
  const inFlight = useRef(false);
  // Ready before the first send in practice: fetched once the page is idle.
  const idle = useIdle();
  useEffect(() => {
    // A failed preload is not an error yet: the send loads it again.
    if (idle) loadCreateFlow().catch((err: Error) => console.warn('Could not load the create flow ahead of time', err.message));
  }, [idle]);

  const create = useCallback(
    async (rawPrompt: string, options: CreateOptions = {}): Promise<CreateOutcome> => {
      if (inFlight.current) return { kind: 'busy' };
      inFlight.current = true;
      try {
        const { runCreate } = await loadCreateFlow();
        const go = (href: string) => (options.navigate === 'replace' ? router.replace(href) : router.push(href));
        return await runCreate({ services, go, setStatus, setPhase, setError, setPaywall }, rawPrompt, options);
      } finally {
        inFlight.current = false;
      }
    },
    [services, router],
  );

  const reset = useCallback(() => {
    setStatus('idle');
    setPhase(null);
    setError(null);
    setPaywall(null);
  }, []);

  return { status, phase, error, paywall, create, reset, isBusy: status === 'sending' || status === 'success' };
}
