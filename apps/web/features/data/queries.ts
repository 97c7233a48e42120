'use client';
import type { AppDocument, AppUserList, DataOverview, Dataset } from '@sprout/core/contract';
import { useMemo, useState } from 'react';
import { useInfiniteQuery, useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/browser/toast';
import { useApi, useCalls } from '@/lib/api/services';
import { useAuth } from '@/lib/api/auth';
import { dataCalls, downloadDataExport, type ExportFormat } from './api';
import { type DocumentPages, emptiedOverview, withCount, withDocument, withoutDocument } from './data-cache';
import { actionErrorText, NETWORK_ERROR_TEXT } from '@/lib/api/error-text';

/** A refused action in words: the server's reason, or the network, or a plain retry hint. */
const failed = (action: string, err: unknown) => actionErrorText(action, err, `Could not ${action}. Try again.`);

/*
 * The Data panel's data as hooks: a dataset's overview, a collection's pages, the app's users, and
 * the owner's edits, deletions, exports and reset. Every cache write and toast of these calls is here.
 */

/** New documents from the app show up within this while the panel is on screen (and on window focus). */
const DATA_POLL_MS = 3_000;

const dataKeys = {
  all: (sproutId: string) => ['app-data', sproutId] as const,
  dataset: (sproutId: string, dataset: Dataset) => ['app-data', sproutId, dataset] as const,
  overview: (sproutId: string, dataset: Dataset) => ['app-data', sproutId, dataset, 'overview'] as const,
  documents: (sproutId: string, dataset: Dataset, collection: string) => ['app-data', sproutId, dataset, 'documents', collection] as const,
  users: (sproutId: string, dataset: Dataset) => ['app-data', sproutId, dataset, 'users'] as const,
};

/** Where a document lives: the project, the dataset and the collection. */
export interface CollectionRef {
  sproutId: string;
  dataset: Dataset;
  collection: string;
}

const useDataCalls = () => useCalls(dataCalls);

/** Only once the signed-in user is known: calls made earlier would go out without a token. */
const useSignedIn = () => useAuth().status === 'signed-in';

/** `live`: the panel is on screen, so it polls and refetches on focus; a hidden panel fetches nothing new. */
const freshness = (live: boolean) => ({ refetchInterval: live ? DATA_POLL_MS : (false as const), refetchOnWindowFocus: live });

export function useDataOverview(sproutId: string, dataset: Dataset, opts: { enabled: boolean; live: boolean }) {
  const calls = useDataCalls();
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: dataKeys.overview(sproutId, dataset),
    queryFn: () => calls.overview(sproutId, dataset),
    enabled: opts.enabled && signedIn,
    ...freshness(opts.live),
  });
}

/** A collection's documents, newest first, a page at a time ("Load more"). */
export function useCollectionDocuments(ref: CollectionRef | null, opts: { live: boolean }) {
  const calls = useDataCalls();
  const signedIn = useSignedIn();
  return useInfiniteQuery({
    queryKey: ref ? dataKeys.documents(ref.sproutId, ref.dataset, ref.collection) : ['app-data', 'none'],
    queryFn: ({ pageParam }) => calls.documents(ref!.sproutId, ref!.dataset, ref!.collection, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled: !!ref && signedIn,
    ...freshness(opts.live),
  });
}

export function useAppUsers(sproutId: string, dataset: Dataset, opts: { enabled: boolean; live: boolean }) {
  const calls = useDataCalls();
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: dataKeys.users(sproutId, dataset),
    queryFn: () => calls.users(sproutId, dataset),
    enabled: opts.enabled && signedIn,
    ...freshness(opts.live),
  });
}

/** PUT a document's data; a refusal (rules, unique values, quota) is the caller's to show beside the edit. */
export function useSaveDocument(ref: CollectionRef) {
  const calls = useDataCalls();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: Record<string, unknown> }) => calls.saveDocument(ref.sproutId, ref.dataset, ref.collection, id, data),
    onSuccess: (doc: AppDocument) => {
      qc.setQueryData<DocumentPages>(dataKeys.documents(ref.sproutId, ref.dataset, ref.collection), (d) => withDocument(d, doc));
      toast.success('Saved');
    },
  });
}

/** Deletes at once on screen; the document comes back (with a toast saying why) if the server refuses. */
export function useDeleteDocument(ref: CollectionRef) {
  const calls = useDataCalls();
  const qc = useQueryClient();
  const docsKey = dataKeys.documents(ref.sproutId, ref.dataset, ref.collection);
  const overviewKey = dataKeys.overview(ref.sproutId, ref.dataset);
  return useMutation({
    mutationKey: deleteKey(ref),
    mutationFn: (id: string) => calls.deleteDocument(ref.sproutId, ref.dataset, ref.collection, id),
    onMutate: async (id) => {
      // A poll landing after this would put the document back until the deletion is done.
      await Promise.all([qc.cancelQueries({ queryKey: docsKey }), qc.cancelQueries({ queryKey: overviewKey })]);
      const before = { docs: qc.getQueryData<DocumentPages>(docsKey), overview: qc.getQueryData<DataOverview>(overviewKey) };
      qc.setQueryData<DocumentPages>(docsKey, (d) => withoutDocument(d, id));
      qc.setQueryData<DataOverview>(overviewKey, (o) => withCount(o, ref.collection, -1));
      return before;
    },
    onError: (err, _id, before) => {
      qc.setQueryData(docsKey, before?.docs);
      qc.setQueryData(overviewKey, before?.overview);
      toast.error(failed('delete the document', err));
    },
    onSuccess: () => toast.success('Document deleted'),
    onSettled: () => qc.invalidateQueries({ queryKey: dataKeys.dataset(ref.sproutId, ref.dataset) }),
  });
}

const deleteKey = (ref: CollectionRef) => ['app-data-delete', ref.sproutId, ref.dataset, ref.collection] as const;

/**
 * Ids of the collection's documents being deleted: hidden until the server answers, even when a
 * poll that started before the deletion brings them back meanwhile.
 */
export function usePendingDeletes(ref: CollectionRef): ReadonlySet<string> {
  const ids = useMutationState({ filters: { mutationKey: deleteKey(ref), status: 'pending' }, select: (m) => m.state.variables as string });
  return useMemo(() => new Set(ids), [ids]);
}

/** Empties the test data: documents, files and app users. */
export function useResetTestData(sproutId: string) {
  const calls = useDataCalls();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => calls.resetTestData(sproutId),
    onSuccess: () => {
      // Before the refetch: an emptied list beside a count still saying "1 document" contradicts itself.
      qc.setQueryData<DataOverview>(dataKeys.overview(sproutId, 'test'), emptiedOverview);
      toast.success('Test data reset');
    },
    onError: (err) => toast.error(failed('reset the test data', err)),
    onSettled: () => qc.invalidateQueries({ queryKey: dataKeys.dataset(sproutId, 'test') }),
  });
}

export function useRemoveAppUser(sproutId: string, dataset: Dataset) {
  const calls = useDataCalls();
  const qc = useQueryClient();
  const key = dataKeys.users(sproutId, dataset);
  return useMutation({
    mutationFn: (user: { id: string; email: string }) => calls.removeUser(sproutId, dataset, user.id),
    onSuccess: (_v, user) => {
      qc.setQueryData<AppUserList>(key, (d) => (d ? { users: d.users.filter((u) => u.id !== user.id) } : d));
      toast.success(`Removed ${user.email}`);
    },
    onError: (err, user) => toast.error(failed(`remove ${user.email}`, err)),
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}

/** Downloads a dataset (JSON) or a collection (JSON or CSV) through the API with the token. */
export function useExportData(sproutId: string, dataset: Dataset) {
  const api = useApi();
  const [pending, setPending] = useState(false);
  const run = async (format: ExportFormat, collection?: string) => {
    if (pending) return;
    setPending(true);
    try {
      const done = await downloadDataExport(api, { sproutId, dataset, format, collection });
      if ('refused' in done) toast.error(`Could not export: ${done.refused}`);
      else toast.success(`Downloading ${done.name}`);
    } catch {
      toast.error(`Could not export: ${NETWORK_ERROR_TEXT}`);
    } finally {
      setPending(false);
    }
  };
  return { run, pending };
}
