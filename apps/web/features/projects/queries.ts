'use client';
import type { Sprout } from '@sprout/core/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { couldNotDelete, couldNotFetchApps, couldNotPatch } from '@sprout/core';
import { toast } from '@/lib/browser/toast';
import { useAuth } from '@/lib/api/auth';
import { errorText } from '@/lib/api/error-text';
import { useCalls } from '@/lib/api/services';
import { usageQueryKey } from '@/features/usage';
import { projectCalls, type ProjectChanges } from './api';

export const projectKeys = {
  sprouts: ['sprouts'] as const,
  sprout: (id: string) => ['sprout', id] as const,
};

const useProjectCalls = () => useCalls(projectCalls);

/** The person's projects; `enabled` false until they are needed (the publish dialog asks once it opens). */
export function useSprouts(initialData?: Sprout[], enabled = true) {
  const calls = useProjectCalls();
  const { status } = useAuth();
  return useQuery({
    queryKey: projectKeys.sprouts,
    queryFn: async () => {
      try {
        return await calls.list();
      } catch (err) {
        throw new Error(errorText(err, { format: couldNotFetchApps }), { cause: err });
      }
    },
    enabled: enabled && status === 'signed-in',
    initialData,
  });
}

/**
 * How often an open project asks whether it changed elsewhere (a git push from the person's editor,
 * a pull from their remote, another tab), while the page is visible; also when it is shown again.
 */
const FOLLOW_MS = 10_000;

export function useSprout(id: string, initialData?: Sprout, { follow = false }: { follow?: boolean } = {}) {
  const calls = useProjectCalls();
  const { status } = useAuth();
  return useQuery({
    queryKey: projectKeys.sprout(id),
    queryFn: () => calls.get(id),
    enabled: status === 'signed-in',
    initialData,
    ...(follow ? { refetchInterval: FOLLOW_MS, refetchOnWindowFocus: true } : {}),
  });
}

/**
 * Writes a changed project into both the list cache and its single-project cache. The list's
 * thumbnail stays unless the change says otherwise (only the list's answer carries one).
 */
export function putSproutInCaches(qc: QueryClient, sprout: Sprout): void {
  qc.setQueryData<Sprout[]>(projectKeys.sprouts, (list) => list?.map((p) => (p.id === sprout.id ? { thumbnailId: p.thumbnailId, ...sprout } : p)));
  qc.setQueryData(projectKeys.sprout(sprout.id), sprout);
}

/** A project made in this tab (created, or a copy of a shared one): first in the list, and its own cache. */
export function putNewSproutInCaches(qc: QueryClient, sprout: Sprout): void {
  qc.setQueryData<Sprout[]>(projectKeys.sprouts, (list) => (list ? [sprout, ...list] : list));
  qc.setQueryData(projectKeys.sprout(sprout.id), sprout);
}

/**
 * PATCH sends the full project plus changes. Pin is optimistic with rollback; rename and
 * unpublish update both caches when the server confirms.
 */
export function usePatchSprout() {
  const calls = useProjectCalls();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ sprout, changes }: { sprout: Sprout; changes: ProjectChanges }) => {
      try {
        return await calls.patch(sprout, changes);
      } catch (err) {
        throw new Error(errorText(err, { format: (st, tx, m) => couldNotPatch(sprout.id, st, tx, m) }), { cause: err });
      }
    },
    onMutate: async ({ sprout, changes }) => {
      if (changes.isPinned === undefined) return { previous: undefined };
      await qc.cancelQueries({ queryKey: projectKeys.sprouts });
      const previous = qc.getQueryData<Sprout[]>(projectKeys.sprouts);
      putSproutInCaches(qc, { ...sprout, ...changes });
      return { previous };
    },
    onError: (err, _vars, ctx) => {
      if (ctx?.previous) qc.setQueryData(projectKeys.sprouts, ctx.previous);
      toast.error(err.message);
    },
    onSuccess: (sprout, { changes }) => {
      putSproutInCaches(qc, sprout);
      if (changes.isDeploymentEnabled === false) void qc.invalidateQueries({ queryKey: usageQueryKey });
    },
  });
}

export function useDeleteSprout() {
  const calls = useProjectCalls();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      try {
        await calls.remove(id);
      } catch (err) {
        throw new Error(errorText(err, { format: (st, tx, m) => couldNotDelete(id, st, tx, m) }), { cause: err });
      }
    },
    onSuccess: (_r, id) => {
      qc.setQueryData<Sprout[]>(projectKeys.sprouts, (list) => list?.filter((p) => p.id !== id));
      qc.removeQueries({ queryKey: projectKeys.sprout(id) });
      void qc.invalidateQueries({ queryKey: usageQueryKey });
    },
    onError: (err) => toast.error(err.message),
  });
}
