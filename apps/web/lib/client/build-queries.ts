'use client';
import type { ProjectFiles, PublishBody, SharedProject, Sprout, Version, VersionList } from '@sprout/core/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/client/toast';
import { openPaywall } from '@/components/paywall';
import { publishErrorMessage, unpublishErrorMessage } from '@/components/project/links-and-messages';
import { track } from './analytics';
import { useApi } from './app-context';
import { useAuth } from './auth';
import { buildCalls, downloadExport, shareCalls, uploadedImageUrl, uploadImage } from './build-api';
import { ApiError } from './api';
import { errorText, paywallOf } from './error-text';
import { domainChange, isFirstPublish } from './journey-events';
import { putNewSproutInCaches, putSproutInCaches, queryKeys } from './queries';
import { versionNameInline } from '@/lib/version-label';

/*
 * The project page's data as hooks (beside ./queries, which has the projects list, a project and
 * usage): the chat, files, versions, builds, and what the header and panels change. Every cache
 * write, invalidation and toast of these calls is here, next to the call.
 */

/** Query keys of the build data (beside ./queries' `queryKeys`). */
export const buildKeys = {
  messages: (sproutId: string) => ['chat-messages', sproutId] as const,
  files: (sproutId: string, versionId: string | null) => ['project-files', sproutId, versionId] as const,
  versions: (sproutId: string) => ['versions', sproutId] as const,
  diff: (sproutId: string, versionId: string) => ['version-diff', sproutId, versionId] as const,
  build: (sproutId: string, versionId: string | null) => ['preview-build', sproutId, versionId] as const,
  shared: (linkId: string) => ['magic', linkId] as const,
};

export function useBuildCalls() {
  const api = useApi();
  return useMemo(() => buildCalls((method, path, body, opts) => api.request(method, path, body, { ...opts, base: 'build' })), [api]);
}

function useShareCalls() {
  const api = useApi();
  return useMemo(() => shareCalls((method, path, body, opts) => api.request(method, path, body, opts)), [api]);
}

/** Only once the signed-in user is known: calls made earlier would go out without a token. */
function useSignedIn(): boolean {
  return useAuth().status === 'signed-in';
}

export function useChatMessages(sproutId: string) {
  const calls = useBuildCalls();
  const signedIn = useSignedIn();
  return useQuery({ queryKey: buildKeys.messages(sproutId), queryFn: () => calls.messages(sproutId), enabled: signedIn });
}

/** A version's files; `visible`: the panel has been on screen (nothing is fetched for a hidden tab). */
export function useProjectFiles(sproutId: string, versionId: string | null, visible: boolean) {
  const calls = useBuildCalls();
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: buildKeys.files(sproutId, versionId),
    queryFn: () => calls.files(sproutId, versionId),
    enabled: visible && signedIn,
    // A version never changes; a new one is a new key (the old files stay on screen until it loads).
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

export function useVersions(sproutId: string, visible: boolean) {
  const calls = useBuildCalls();
  const signedIn = useSignedIn();
  return useQuery({ queryKey: buildKeys.versions(sproutId), queryFn: () => calls.versions(sproutId), enabled: visible && signedIn });
}

/** A version against its parent (enableDiffView). */
export function useVersionDiff(sproutId: string, versionId: string) {
  const calls = useBuildCalls();
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: buildKeys.diff(sproutId, versionId),
    queryFn: () => calls.versionDiff(sproutId, versionId),
    enabled: signedIn,
    staleTime: Infinity,
  });
}

/** A version's build: the preview's error overlay and the build lines of its logs. */
export function useBuildStatus(sproutId: string, versionId: string | null) {
  const calls = useBuildCalls();
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: buildKeys.build(sproutId, versionId),
    queryFn: () => calls.buildStatus(sproutId, versionId!),
    enabled: !!versionId && signedIn,
    // A version never changes, and neither does its build.
    staleTime: Infinity,
  });
}

/** The project moved to a version made here (a save, a restore): the preview reloads, the history lists it. */
export function showNewVersion(qc: QueryClient, sprout: Sprout, version: Version): void {
  const current = qc.getQueryData<Sprout>(queryKeys.sprout(sprout.id)) ?? sprout;
  putSproutInCaches(qc, { ...current, currentVersionId: version.id, updatedAt: version.createdAt });
  void qc.invalidateQueries({ queryKey: buildKeys.versions(sprout.id) });
}

/**
 * PUT a file: a manual edit becomes a new version. The new version's files are the old ones with
 * this file replaced, so the code panel moves on without a reload; failures are the caller's to explain.
 */
export function useSaveProjectFile(sprout: Sprout) {
  const calls = useBuildCalls();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { path: string; content: string; baseVersionId: string }) => calls.saveFile(sprout.id, body),
    onSuccess: ({ version }, { path, content, baseVersionId }) => {
      const before = qc.getQueryData<ProjectFiles>(buildKeys.files(sprout.id, baseVersionId));
      if (before) {
        const size = new TextEncoder().encode(content).byteLength;
        const files = before.files.some((f) => f.path === path)
          ? before.files.map((f) => (f.path === path ? { ...f, content, size } : f))
          : [...before.files, { path, content, size }];
        qc.setQueryData(buildKeys.files(sprout.id, version.id), { version, files });
      }
      showNewVersion(qc, sprout, version);
    },
  });
}

/** Restore makes a NEW version equal to the chosen one (nothing is ever deleted). */
export function useRestoreVersion(sprout: Sprout) {
  const calls = useBuildCalls();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: Version) => calls.restoreVersion(sprout.id, v.id),
    onSuccess: ({ version }, v) => {
      qc.setQueryData<VersionList>(buildKeys.versions(sprout.id), (d) =>
        d ? { ...d, currentVersionId: version.id, versions: [version, ...d.versions.filter((x) => x.id !== version.id)] } : d,
      );
      showNewVersion(qc, sprout, version);
      toast.success(`Restored ${versionNameInline(v.number)} as ${versionNameInline(version.number)}`);
    },
    onError: (err, v) => toast.error(`Could not restore ${versionNameInline(v.number)}: ${errorText(err, { otherwise: 'Something went wrong.' })}`),
  });
}

/** SPEC's 'Domain' event (the address given, moved, taken offline, back online) and the first publish's 'Onboarding' step. */
function trackAddress(qc: QueryClient, before: Sprout, after: Sprout): void {
  const change = domainChange(before, after);
  if (change) track('Domain', { sproutId: before.id, ...change });
  const others = qc.getQueryData<Sprout[]>(queryKeys.sprouts)?.filter((p) => p.id !== before.id);
  if (after.published && isFirstPublish(before, others)) track('Onboarding', { step: 'first_publish', sproutId: before.id });
}

/** Publish or unpublish: the answer is the project as it is now, written to both caches before `done`. */
function usePublishing(sprout: Sprout, action: 'publish' | 'unpublish', done: () => void, failed: (err: unknown) => void) {
  const calls = useBuildCalls();
  const qc = useQueryClient();
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: (options?: PublishBody) => {
      controller.current = new AbortController();
      return action === 'publish' ? calls.publish(sprout.id, options, controller.current.signal) : calls.unpublish(sprout.id);
    },
    onSuccess: (next) => {
      trackAddress(qc, sprout, { ...sprout, ...next });
      putSproutInCaches(qc, { ...sprout, ...next });
      done();
    },
    // Cancelled by the person: they know, no toast.
    onError: (err) => (err instanceof ApiError && err.code === 'aborted' ? undefined : failed(err)),
    onSettled: (_data, err) => {
      controller.current = null;
      // A cancelled publish may still have finished on the server: ask for the project as it is.
      if (err instanceof ApiError && err.code === 'aborted') void qc.invalidateQueries({ queryKey: queryKeys.sprout(sprout.id) });
      // SPEC §4: usage is refreshed after unpublish.
      return action === 'unpublish' ? qc.invalidateQueries({ queryKey: queryKeys.usage }) : undefined;
    },
  });
  /** Stops waiting for the answer (the server may still finish; the project is asked for again). */
  const cancel = useCallback(() => controller.current?.abort(), []);
  return { ...mutation, cancel };
}

/** Builds the current version and puts it live (or replaces what is live); a 402 closes the dialog for the paywall. */
export function usePublishSprout(sprout: Sprout, onPaywall: () => void) {
  return usePublishing(
    sprout,
    'publish',
    () => {
      track('Publish', { sproutId: sprout.id, republish: sprout.published });
      toast.success(sprout.published ? 'Your app is updated' : 'Your app is live');
    },
    (err) => {
      const paywall = paywallOf(err, { source: 'deployment_limit_reached' });
      if (!paywall) return toast.error(publishErrorMessage(err));
      onPaywall();
      openPaywall(paywall);
    },
  );
}

/** The address stops serving and is kept for the next publish. */
export function useUnpublishSprout(sprout: Sprout) {
  return usePublishing(
    sprout,
    'unpublish',
    () => toast.success('Your app is offline. Publish again at any time to bring it back at the same address.'),
    (err) => toast.error(unpublishErrorMessage(err)),
  );
}

/** Turns the share (remix) link on or off. */
export function useShareSprout(sprout: Sprout) {
  const calls = useShareCalls();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => calls.setShared(sprout.id, enabled),
    onSuccess: (next) => putSproutInCaches(qc, next),
    onError: (err) => toast.error(`Could not change sharing: ${errorText(err)}`),
  });
}

/** What a share link shows (the project's name, its owner, whether it is yours). */
export function useSharedProject(linkId: string, initialData?: SharedProject) {
  const calls = useShareCalls();
  const signedIn = useSignedIn();
  return useQuery({ queryKey: buildKeys.shared(linkId), queryFn: () => calls.shared(linkId), enabled: signedIn, initialData });
}

/**
 * Makes the signed-in person's own copy of a shared project and opens it. `onSettled` learns the
 * copy's id, or null when it failed (a 402 opens the paywall).
 */
export function useRemixSprout(linkId: string, onSettled: (copyId: string | null) => void) {
  const calls = useShareCalls();
  const qc = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: () => calls.remix(linkId),
    onSuccess: (copy) => {
      onSettled(copy.id);
      putNewSproutInCaches(qc, copy);
      void qc.invalidateQueries({ queryKey: queryKeys.usage });
      toast.success(`“${copy.displayName}” is yours — change anything you like.`);
      router.push(`/build/${encodeURIComponent(copy.id)}`);
    },
    onError: (err) => {
      onSettled(null);
      const paywall = paywallOf(err, { source: 'project_limit_reached', destination: 'upgradeProjects' });
      if (paywall) openPaywall(paywall);
    },
  });
}

/** Uploads an image for a message; resolves to the attachment the message refers to. */
export function useUploadImage(sproutId: string) {
  const api = useApi();
  return useCallback((file: Blob) => uploadImage(api, sproutId, file), [api, sproutId]);
}

// Each stored image is fetched once per page, however many messages show it.
const thumbs = new Map<string, Promise<string | null>>();

function thumbUrl(uploadId: string, load: () => Promise<string | null>): Promise<string | null> {
  let p = thumbs.get(uploadId);
  if (!p) {
    p = load();
    thumbs.set(uploadId, p);
  }
  return p;
}

/**
 * An image attached to a message, as an address an <img> can show: the local copy while there is
 * one, else the stored upload (fetched with the token). Undefined while loading, null when it cannot be shown.
 */
export function useUploadedImage(attachment: { uploadId: string; previewUrl?: string }): string | null | undefined {
  const api = useApi();
  const [url, setUrl] = useState<string | null | undefined>(attachment.previewUrl);
  useEffect(() => {
    if (attachment.previewUrl) return setUrl(attachment.previewUrl);
    let live = true;
    void thumbUrl(attachment.uploadId, () => uploadedImageUrl(api, attachment.uploadId)).then((u) => {
      if (live) setUrl(u);
    });
    return () => {
      live = false;
    };
  }, [attachment.uploadId, attachment.previewUrl, api]);
  return url;
}

/** The project as a zip (a standalone Vite project: `npm install && npm run build`). */
export function useExportSprout(sprout: Sprout) {
  const api = useApi();
  const [pending, setPending] = useState(false);

  const run = async () => {
    if (pending) return;
    setPending(true);
    try {
      const done = await downloadExport(api, sprout);
      if ('refused' in done) toast.error(`Could not export the code: ${done.refused}`);
      else toast.success(`Downloading ${done.name}`, { description: 'Unzip it, then run npm install and npm run dev.' });
    } catch {
      toast.error('Could not export the code: could not reach Sprout. Check your connection and try again.');
    } finally {
      setPending(false);
    }
  };

  return { run, pending };
}
