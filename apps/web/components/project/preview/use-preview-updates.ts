'use client';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { isPreviewUpdate, previewVersionMessage } from '@sprout/core';
import type { PreviewManifest } from '@sprout/core/contract';
import { backoffDelay, PREVIEW_BACKOFF, shouldRetry } from '@/lib/client/backoff';
import { onPreviewVersion } from './preview-events';

/** How long the frame has to say which version it shows after an announcement or a load. */
const CONFIRM_MS = 8000;
/** Reloads the frame may do for one version before the panel stops announcing it (a page that cannot show it never loops). */
const MAX_RELOADS = 2;

export interface FrameVersion {
  /** The version the preview should show: the project's current one, a run's newest, or one chosen in History. */
  wanted: string | null;
  /** The version the frame says it shows; null while unknown (a new document, the browser's error page). */
  shown: string | null;
  /** An announcement or a load is on its way: no verdict about `shown` yet. */
  waiting: boolean;
  /**
   * The frame could not fetch the version (offline, or the network failed it): it is announced again
   * by itself after 1, 2, 4… s, and at once when the browser is back online.
   */
  unreachable: boolean;
  /** The iframe loaded a document: ask it which version it shows (and to show the wanted one). */
  onLoad: () => void;
  /** Announces the wanted version again (back online). */
  resend: () => void;
  /** The frame is about to load a document of version `id` itself (an earlier version on view, the current one again). */
  want: (id: string) => void;
}

/**
 * Hands each new version of the project straight to the preview's iframe (postMessage to the
 * preview's origin only), where the hot update client applies it in place or the page reloads at
 * the same address: the run's own event (`showPreviewVersion`), and for other changes (a restore, a
 * code edit) `versionId`. The frame answers every announcement with the version it shows
 * (`current`, `hot`), that it reloads, that it could not fetch it, or that the preview session
 * ended (then `reload` starts a new one). What it answered, or its silence, is how the panel knows
 * whether the preview is up to date.
 */
export function usePreviewUpdates(
  sproutId: string,
  versionId: string | null,
  origin: string | null,
  frame: RefObject<HTMLIFrameElement | null>,
  reload: () => void,
): FrameVersion {
  const [wanted, setWanted] = useState(versionId);
  const latest = useRef(versionId);
  const [shown, setShown] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(true);
  const [unreachable, setUnreachable] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const reloads = useRef(new Map<string, number>());
  // Announcements the frame answered `unreachable` in a row, and the next try. The browser's
  // `online` event alone is not enough: a fetch can fail while it says online (the frame's network
  // coming back after the page's, a blip with no event at all), and nothing would ask again.
  const failures = useRef(0);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const expect = useCallback(() => {
    setWaiting(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setWaiting(false), CONFIRM_MS);
  }, []);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      clearTimeout(retryTimer.current);
    },
    [],
  );

  const post = useCallback(
    (id: string, manifest?: PreviewManifest) => {
      latest.current = id;
      setWanted(id);
      setUnreachable(false);
      clearTimeout(retryTimer.current);
      const target = frame.current?.contentWindow;
      if (!origin || !target) return;
      expect();
      target.postMessage(previewVersionMessage(id, manifest), origin);
    },
    [origin, frame, expect],
  );

  useEffect(() => onPreviewVersion(sproutId, (v) => post(v.versionId, v.manifest)), [sproutId, post]);
  useEffect(() => {
    if (versionId) post(versionId);
  }, [versionId, post]);

  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      if (!isPreviewUpdate(event, origin)) return;
      const own = frame.current?.contentWindow;
      if (own && event.source !== own) return;
      const { versionId: id, outcome } = event.data;
      if (outcome === 'current' || outcome === 'hot') {
        setShown(id);
        if (id === latest.current) {
          clearTimeout(timer.current);
          setWaiting(false);
          failures.current = 0;
        }
      } else if (outcome === 'reload') {
        // A new document is on its way: its load asks again.
        reloads.current.set(id, (reloads.current.get(id) ?? 0) + 1);
        setShown(null);
        expect();
      } else if (outcome === 'unreachable') {
        clearTimeout(timer.current);
        setWaiting(false);
        setUnreachable(true);
        failures.current += 1;
        clearTimeout(retryTimer.current);
        if (shouldRetry(failures.current, PREVIEW_BACKOFF))
          retryTimer.current = setTimeout(
            () => {
              if (latest.current) post(latest.current);
            },
            backoffDelay(failures.current, PREVIEW_BACKOFF),
          );
      } else if (outcome === 'expired') {
        setShown(null);
        reload();
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, frame, reload, expect, post]);

  const onLoad = useCallback(() => {
    setShown(null);
    const id = latest.current;
    if (!id || (reloads.current.get(id) ?? 0) > MAX_RELOADS) {
      clearTimeout(timer.current);
      setWaiting(false);
      return;
    }
    post(id);
  }, [post]);

  const resend = useCallback(() => {
    // Back online: a fresh start, with every retry available again.
    failures.current = 0;
    if (latest.current) post(latest.current);
  }, [post]);

  const want = useCallback(
    (id: string) => {
      latest.current = id;
      setWanted(id);
      setUnreachable(false);
      expect();
    },
    [expect],
  );

  return { wanted, shown, waiting, unreachable, onLoad, resend, want };
}
