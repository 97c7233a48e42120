'use client';
import type { Sprout } from '@sprout/core/contract';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/api/auth';
import { projectKeys } from '@/features/projects';
import { previewStoreFor, type PreviewState, type PreviewStore } from './preview-store';
import { usePreviewCalls } from './queries';

/**
 * The project's preview store, followed by the panel showing it: the store asks this page's API
 * client for sessions, learns the project's current version from its cache, starts a session once
 * the project has a version and the person is known (the chat tells it when a first prompt goes out).
 */
export function usePreviewStore(sprout: Sprout): PreviewStore {
  const store = previewStoreFor(sprout.id);
  const calls = usePreviewCalls();
  const qc = useQueryClient();
  const { status } = useAuth();
  store.connect({
    requestSession: (path) => calls.previewSession(sprout.id, path),
    refreshProject: () => void qc.invalidateQueries({ queryKey: projectKeys.sprout(sprout.id) }),
  });
  const versionId = sprout.currentVersionId;
  const ready = !!versionId && status === 'signed-in';
  // In this order: a fresh frame first, then what it shows, then its first session.
  useEffect(() => store.mount(), [store]);
  useEffect(() => store.setCurrent(versionId), [store, versionId]);
  useEffect(() => {
    if (ready) store.reload();
  }, [store, ready]);
  return store;
}

const whole = (s: PreviewState) => s;

/** The store's state, or a slice of it (`select` returns a value of the state, never a new object): re-renders when it changes. */
export function usePreviewState<T = PreviewState>(store: PreviewStore, select: (s: PreviewState) => T = whole as (s: PreviewState) => T): T {
  const get = useCallback(() => select(store.getSnapshot()), [store, select]);
  return useSyncExternalStore(store.subscribe, get, get);
}
