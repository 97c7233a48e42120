'use client';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { isPreviewUpdate, previewVersionMessage } from '@sprout/core';
import { onPreviewVersion } from './preview-events';

/**
 * Hands each new version of the project straight to the preview's iframe (postMessage to the
 * preview's origin only), where the hot update client applies it in place or the page reloads at
 * the same address: the run's own event (`showPreviewVersion`) and, for other changes (a restore, a
 * code edit), the project's `versionId`. When the preview session has ended, `reload` starts a new
 * one. Returns what to call when the iframe loads a document: a version announced while it was
 * loading is sent again (at most twice per version, so a page that cannot show it never loops).
 */
export function usePreviewUpdates(
  sproutId: string,
  versionId: string | null,
  origin: string | null,
  frame: RefObject<HTMLIFrameElement | null>,
  reload: () => void,
): () => void {
  const latest = useRef(versionId);
  const resent = useRef(new Map<string, number>());

  const post = useCallback(
    (id: string) => {
      latest.current = id;
      const target = frame.current?.contentWindow;
      if (origin && target) target.postMessage(previewVersionMessage(id), origin);
    },
    [origin, frame],
  );

  useEffect(() => onPreviewVersion(sproutId, post), [sproutId, post]);
  useEffect(() => {
    if (versionId) post(versionId);
  }, [versionId, post]);

  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      if (!isPreviewUpdate(event, origin)) return;
      const own = frame.current?.contentWindow;
      if (own && event.source !== own) return;
      if (event.data.outcome === 'expired') reload();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, frame, reload]);

  return useCallback(() => {
    const id = latest.current;
    if (!id) return;
    const times = resent.current.get(id) ?? 0;
    if (times >= 2) return;
    resent.current.set(id, times + 1);
    post(id);
  }, [post]);
}
