'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useVersions } from '@/lib/client/build-queries';
import { queryKeys } from '@/lib/client/queries';
import { onPreviewView, type ViewedVersion } from './preview-events';
import type { PreviewFrameState } from './use-preview-session';
import type { FrameVersion } from './use-preview-updates';
import { routeAtVersion } from './use-preview-route';

/**
 * Back online, the preview catches up by itself: the project's current version is asked for again,
 * a frame that showed the browser's error page (or nothing we know) gets a new session, and one
 * that missed a version is sent it again. (A session request that failed retries on its own,
 * ./use-preview-session; the chat's run streams resume with Last-Event-ID.)
 */
export function usePreviewCatchUp(sproutId: string, frame: PreviewFrameState, updates: FrameVersion): void {
  const qc = useQueryClient();
  const state = useRef({ frame, updates });
  useEffect(() => {
    state.current = { frame, updates };
  });
  useEffect(() => {
    const onOnline = () => {
      const { frame: f, updates: u } = state.current;
      void qc.invalidateQueries({ queryKey: queryKeys.sprout(sproutId) });
      if (!f.session) return;
      if (u.shown === null) f.reload();
      else if (u.shown !== u.wanted || u.unreachable) u.resend();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [qc, sproutId]);
}

/** The project's first version when it is the starter it was created with (fetched only while `enabled`). */
export function useStarterVersion(sproutId: string, enabled: boolean): string | null {
  const versions = useVersions(sproutId, enabled);
  const first = versions.data?.versions.find((v) => v.number === 1);
  return first && first.source === 'create' ? first.id : null;
}

/**
 * An earlier version chosen in History, shown in the frame at the app's current route (the page
 * of that version, `?version=`), until the person goes back to the latest or the project moves on.
 */
export function useViewedVersion(
  sproutId: string,
  versionId: string | null,
  frame: PreviewFrameState,
  updates: FrameVersion,
  route: () => string,
): { version: ViewedVersion | null; back: () => void } {
  const [version, setVersion] = useState<ViewedVersion | null>(null);
  const { session, navigate, reload } = frame;
  const { want } = updates;

  const back = useCallback(() => {
    setVersion(null);
    if (versionId) want(versionId);
    reload();
  }, [versionId, want, reload]);

  useEffect(
    () =>
      onPreviewView(sproutId, (next) => {
        if (!next || next.id === versionId) {
          if (version) back();
          return;
        }
        if (!session) return;
        setVersion(next);
        want(next.id);
        navigate(`${session.origin}${routeAtVersion(route(), next.id)}`);
      }),
    [sproutId, versionId, version, back, session, want, navigate, route],
  );

  // The project moved on (a reply, a restore): the latest is what to show.
  const seen = useRef(versionId);
  useEffect(() => {
    if (seen.current === versionId) return;
    seen.current = versionId;
    if (version) back();
  }, [versionId, version, back]);

  return { version, back };
}
