'use client';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { isPreviewScroll, restoreScrollMessage, type PreviewScrollMessage } from '@sprout/core';

/**
 * Keeps the preview's scroll position across its reloads (a new version, the reload button): the
 * bridge in the app reports where it is scrolled, and each newly loaded document is asked to go
 * back there (it does so only on the same path). Messages are accepted from the preview's origin only.
 */
export function useKeepScroll(origin: string | null, frame: RefObject<HTMLIFrameElement | null>) {
  const last = useRef<PreviewScrollMessage | null>(null);

  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      if (isPreviewScroll(event, origin)) last.current = event.data;
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin]);

  /** Call when the current frame has loaded. */
  return useCallback(() => {
    const target = frame.current?.contentWindow;
    if (!origin || !target || !last.current) return;
    target.postMessage(restoreScrollMessage(last.current), origin);
  }, [origin, frame]);
}
