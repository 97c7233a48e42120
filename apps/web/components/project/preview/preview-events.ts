'use client';
import type { PreviewMessage } from '@sprout/core';
import type { PreviewManifest } from '@sprout/core/contract';

/*
 * How the rest of the project page talks to the preview panel without sharing a React tree with it:
 *
 *   refreshPreview(sproutId)                 reload the preview now (a fresh preview session)
 *   showPreviewVersion(sproutId, versionId)  the project has a new version: the panel hands it to
 *                                            the iframe at once (hot update in place, or a reload
 *                                            inside the preview), with no new session; with the
 *                                            version's module list when the run's event had it
 *   viewPreviewVersion(sproutId, version)    show an earlier version (History) in the preview, or
 *                                            the current one again (null)
 *   onPreviewMessage(sproutId, listener)     every verified bridge message (console, errors) of the
 *                                            preview the panel shows: the chat posts runtime errors
 *                                            to /runs/:id/runtime-errors from here
 *
 * The panel also shows a new version by itself whenever the project's `currentVersionId` changes in
 * the `queryKeys.sprout(id)` cache (a restore, an edit in the code panel).
 */

const bus = new EventTarget();
const REFRESH = 'refresh';
const VERSION = 'version';
const VIEW = 'view';
const MESSAGE = 'message';

type Detail<T> = { sproutId: string; value: T };

function on<T>(type: string, sproutId: string, listener: (value: T) => void): () => void {
  const handler = (event: Event) => {
    const detail = (event as CustomEvent<Detail<T>>).detail;
    if (detail.sproutId === sproutId) listener(detail.value);
  };
  bus.addEventListener(type, handler);
  return () => bus.removeEventListener(type, handler);
}

function emit<T>(type: string, sproutId: string, value: T): void {
  bus.dispatchEvent(new CustomEvent<Detail<T>>(type, { detail: { sproutId, value } }));
}

/** Asks the preview panel of `sproutId` (if one is mounted) to reload with a fresh session. */
export function refreshPreview(sproutId: string): void {
  emit(REFRESH, sproutId, null);
}

export function onPreviewRefresh(sproutId: string, listener: () => void): () => void {
  return on<null>(REFRESH, sproutId, () => listener());
}

/** A version the preview should show, and its module list when known (the frame then need not ask for it). */
export interface AnnouncedVersion {
  versionId: string;
  manifest?: PreviewManifest;
}

/** A run (or anything else) made `versionId` the project's current version: the preview shows it next. */
export function showPreviewVersion(sproutId: string, versionId: string, manifest?: PreviewManifest): void {
  emit<AnnouncedVersion>(VERSION, sproutId, { versionId, manifest });
}

export function onPreviewVersion(sproutId: string, listener: (version: AnnouncedVersion) => void): () => void {
  return on<AnnouncedVersion>(VERSION, sproutId, listener);
}

/** An earlier version to look at in the preview: its id and its name for the person ("Version 2"). */
export interface ViewedVersion {
  id: string;
  label: string;
}

/** Shows `version` in the preview instead of the current one (null: the current one again). */
export function viewPreviewVersion(sproutId: string, version: ViewedVersion | null): void {
  emit(VIEW, sproutId, version);
}

export function onPreviewView(sproutId: string, listener: (version: ViewedVersion | null) => void): () => void {
  return on<ViewedVersion | null>(VIEW, sproutId, listener);
}

/** Called by the panel for each message it accepted with `isPreviewMessage`. */
export function emitPreviewMessage(sproutId: string, message: PreviewMessage): void {
  emit(MESSAGE, sproutId, message);
}

/** Runtime output of the project's preview, already checked against the preview's origin. */
export function onPreviewMessage(sproutId: string, listener: (message: PreviewMessage) => void): () => void {
  return on<PreviewMessage>(MESSAGE, sproutId, listener);
}
