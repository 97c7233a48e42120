'use client';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { backoffDelay, PREVIEW_BACKOFF, shouldRetry } from '@/lib/client/backoff';
import { errorText } from '@/lib/client/error-text';
import { useAuth } from '@/lib/client/auth';
import { useBuildCalls } from '@/lib/client/build-queries';
import type { PreviewSession } from '@sprout/core/contract';
import { splitRoute } from './use-preview-route';

export type { PreviewSession };

export interface PreviewFrameState {
  /** The session the iframe shows (or is loading). */
  session: PreviewSession | null;
  /** A session request is in flight. */
  requesting: boolean;
  /** The last session request failed (the previous frame, if any, stays). */
  error: string | null;
  /** The iframe has not fired `load` for its current address yet. */
  frameLoading: boolean;
  /**
   * The last address that finished loading, while a newer one loads: that frame stays on screen
   * until the new one is ready, so a refresh never flashes an empty page.
   */
  previousSrc: string | null;
  /** The iframe has shown a page at least once (later loads are refreshes, not first loads). */
  everLoaded: boolean;
  /** Increments every time the iframe starts loading a new session: a new document, new logs. */
  generation: number;
  /** A failed session request will be tried again by itself (with back-off, and at once when the browser is back online). */
  retrying: boolean;
  reload: () => void;
  /** Loads another address of the preview's origin in the frame (an earlier version), in this session. */
  navigate: (url: string) => void;
  onFrameLoad: (src: string | null) => void;
}

/**
 * The preview iframe's address: one preview session for the page, asked for when the panel mounts
 * (once the user is known) and again only on a reload (the reload button, an ended session); new
 * versions reach the iframe without one. Each session opens the app at `route()` (where it was).
 * Answers of superseded requests are dropped, so quick reloads settle on the last one. A request
 * that fails is tried again with back-off (lib/client/backoff), and at once when the browser comes
 * back online.
 */
export function usePreviewFrame(sproutId: string, enabled: boolean, route: RefObject<() => string>): PreviewFrameState {
  const { status } = useAuth();
  const calls = useBuildCalls();
  const [session, setSession] = useState<PreviewSession | null>(null);
  const [requesting, setRequesting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [shownSrc, setShownSrc] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const [retrying, setRetrying] = useState(false);
  const seq = useRef(0);
  const failures = useRef(0);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const reload = useCallback(() => {
    const n = ++seq.current;
    clearTimeout(retryTimer.current);
    setRetrying(false);
    setRequesting(true);
    const { path, hash } = splitRoute(route.current?.() ?? '/');
    calls.previewSession(sproutId, path).then(
      (next) => {
        if (n !== seq.current) return;
        failures.current = 0;
        // The hash never reaches the server: the browser keeps it across the session's redirect.
        setSession({ ...next, url: next.url + hash });
        setGeneration((g) => g + 1);
        setError(null);
        setRequesting(false);
      },
      (err: unknown) => {
        if (n !== seq.current) return;
        setError(errorText(err));
        setRequesting(false);
        failures.current += 1;
        if (!shouldRetry(failures.current, PREVIEW_BACKOFF)) return;
        setRetrying(true);
        retryTimer.current = setTimeout(() => reloadRef.current(), backoffDelay(failures.current, PREVIEW_BACKOFF));
      },
    );
  }, [calls, sproutId, route]);
  const reloadRef = useRef(reload);
  useLayoutEffect(() => {
    reloadRef.current = reload;
  }, [reload]);
  useEffect(() => () => clearTimeout(retryTimer.current), []);

  const ready = enabled && status === 'signed-in';
  useEffect(() => {
    if (ready) reload();
  }, [ready, reload]);

  // Back online after a failed request: try at once, with a fresh count of failures.
  useEffect(() => {
    if (!ready || !error) return;
    const onOnline = () => {
      failures.current = 0;
      reloadRef.current();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [ready, error]);

  const navigate = useCallback((url: string) => {
    setSession((s) => (s && url.startsWith(`${s.origin}/`) ? { ...s, url } : s));
    setGeneration((g) => g + 1);
  }, []);

  // Only the newest frame's first load counts; the frame it replaces may still fire its own.
  const latest = useRef<string | null>(null);
  useLayoutEffect(() => {
    latest.current = session?.url ?? null;
  }, [session]);
  const onFrameLoad = useCallback((src: string | null) => {
    if (src && src === latest.current) setShownSrc(src);
  }, []);

  return {
    session,
    requesting,
    error,
    frameLoading: !!session && shownSrc !== session.url,
    previousSrc: session && shownSrc && shownSrc !== session.url ? shownSrc : null,
    everLoaded: shownSrc !== null,
    generation,
    retrying,
    reload,
    navigate,
    onFrameLoad,
  };
}
