'use client';
import { useCallback, useEffect, useState } from 'react';
import { isPreviewPermission, isPreviewPermissionRequest, previewAllow, type PreviewPermission, type PreviewPermissionRequest } from '@sprout/core';

const STORAGE_KEY = 'sprout.preview-permissions';

type Stored = Record<string, PreviewPermission[]>;

function readAll(): Stored {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}

function readGranted(sproutId: string): PreviewPermission[] {
  const list = readAll()[sproutId];
  return Array.isArray(list) ? list.filter(isPreviewPermission) : [];
}

function saveGranted(sproutId: string, granted: PreviewPermission[]): void {
  const all = readAll();
  if (granted.length) all[sproutId] = granted;
  else delete all[sproutId];
  localStorage.setItem(STORAGE_KEY, JSON.stringify(all));
}

/**
 * What the preview frame of a project may use beyond the harmless features: nothing until the app
 * asks (its bridge reports the attempt) and the person agrees; kept per project in this browser.
 * `onGranted` reloads the preview, since a frame takes its features when it loads.
 */
export function usePreviewPermissions(sproutId: string, origin: string | null, onGranted: () => void) {
  const [granted, setGranted] = useState<PreviewPermission[]>([]);
  const [asked, setAsked] = useState<PreviewPermission[]>([]);
  const [declined, setDeclined] = useState<PreviewPermission[]>([]);

  useEffect(() => setGranted(readGranted(sproutId)), [sproutId]);

  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      if (!isPreviewPermissionRequest(event, origin)) return;
      const wanted = (event.data as PreviewPermissionRequest).permissions.filter((p) => !granted.includes(p) && !declined.includes(p));
      if (wanted.length) setAsked((now) => [...new Set([...now, ...wanted])]);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, granted, declined]);

  const grant = useCallback(() => {
    const next = [...new Set([...granted, ...asked])];
    saveGranted(sproutId, next);
    setGranted(next);
    setAsked([]);
    onGranted();
  }, [granted, asked, sproutId, onGranted]);

  const decline = useCallback(() => {
    setDeclined((now) => [...new Set([...now, ...asked])]);
    setAsked([]);
  }, [asked]);

  const revoke = useCallback(() => {
    saveGranted(sproutId, []);
    setGranted([]);
    onGranted();
  }, [sproutId, onGranted]);

  return { allow: previewAllow(granted), granted, asked, grant, decline, revoke };
}
