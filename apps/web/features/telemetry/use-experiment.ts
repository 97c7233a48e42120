'use client';
import { useEffect, useState } from 'react';
import { experimentBucket, type ExperimentBucket, type ExperimentId } from '@sprout/core';
import { useAuth } from '@/lib/api/auth';
import { track } from './analytics';

/** The same key the analytics queue uses, so exposure and later events share one visitor id. */
const ANONYMOUS_ID_KEY = 'sprout.anonymousId';
const EXPOSURE_KEY_PREFIX = 'sprout.experimentViewed.';

function anonymousId(): string {
  try {
    let id = localStorage.getItem(ANONYMOUS_ID_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(ANONYMOUS_ID_KEY, id);
    }
    return id;
  } catch {
    // Storage blocked (private mode, policy): a per-page id still gives a consistent render.
    return 'anonymous';
  }
}

/** Sends 'Experiment Viewed' once per browser session for each (experiment, subject, bucket). */
function recordExposure(experimentId: string, subject: string, bucket: string, signedIn: boolean): void {
  const key = `${EXPOSURE_KEY_PREFIX}${experimentId}`;
  const value = `${subject}:${bucket}`;
  try {
    if (sessionStorage.getItem(key) === value) return;
    sessionStorage.setItem(key, value);
  } catch {
    // Without sessionStorage we cannot dedupe across pages; one event per mount is the fallback.
  }
  track('Experiment Viewed', { experimentId, variant: bucket, subject: signedIn ? 'user' : 'anonymous' });
}

/**
 * The bucket the current person is in for an experiment: by user id when signed in, else by a
 * stable anonymous id kept in localStorage. Returns null until that is known (first render and
 * server render), so callers render a neutral state and never a hydration mismatch.
 */
export function useExperiment<E extends ExperimentId>(experimentId: E): ExperimentBucket<E> | null {
  const { status, user } = useAuth();
  const userId = status === 'signed-in' ? (user?.id ?? null) : null;
  const [bucket, setBucket] = useState<ExperimentBucket<E> | null>(null);

  useEffect(() => {
    if (status === 'uninitialised') return;
    const signedIn = userId !== null;
    const subject = userId ?? anonymousId();
    const next = experimentBucket(experimentId, subject);
    setBucket(next);
    recordExposure(experimentId, subject, next, signedIn);
  }, [experimentId, status, userId]);

  return bucket;
}
