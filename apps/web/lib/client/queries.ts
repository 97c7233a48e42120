'use client';
import type { Sprout, Usage } from '@sprout/core/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/client/toast';
import { couldNotCreateApp, couldNotDelete, couldNotFetchApps, couldNotPatch } from '@sprout/core';
import { useApi } from './app-context';
import { useAuth } from './auth';
import { errorText } from './error-text';

export const queryKeys = {
  sprouts: ['sprouts'] as const,
  sprout: (id: string) => ['sprout', id] as const,
  usage: ['usage'] as const,
  flags: ['flags'] as const,
};

export function useSprouts(initialData?: Sprout[]) {
  const api = useApi();
  const { status } = useAuth();
  return useQuery({
    queryKey: queryKeys.sprouts,
    queryFn: async () => {
      try {
        return await api.request<Sprout[]>('GET', '/sprouts');
      } catch (err) {
        throw new Error(errorText(err, { format: couldNotFetchApps }), { cause: err });
      }
    },
    enabled: status === 'signed-in',
    initialData,
  });
}

export function useSprout(id: string, initialData?: Sprout) {
  const api = useApi();
  const { status } = useAuth();
  return useQuery({
    queryKey: queryKeys.sprout(id),
    queryFn: () => api.request<Sprout>('GET', `/sprouts/${encodeURIComponent(id)}`),
    enabled: status === 'signed-in',
    initialData,
  });
}

export function useUsage(initialData?: Usage) {
  const api = useApi();
  const { status } = useAuth();
  return useQuery({
    queryKey: queryKeys.usage,
    queryFn: () => api.request<Usage>('GET', '/usage', undefined, { base: 'usage' }),
    enabled: status === 'signed-in',
    initialData,
    staleTime: 10_000,
  });
}

/** Writes a changed project into both the list cache and its single-project cache. */
export function putSproutInCaches(qc: QueryClient, sprout: Sprout): void {
  qc.setQueryData<Sprout[]>(queryKeys.sprouts, (list) => list?.map((p) => (p.id === sprout.id ? sprout : p)));
  qc.setQueryData(queryKeys.sprout(sprout.id), sprout);
}

/** A project made in this tab (created, or a copy of a shared one): first in the list, and its own cache. */
export function putNewSproutInCaches(qc: QueryClient, sprout: Sprout): void {
  qc.setQueryData<Sprout[]>(queryKeys.sprouts, (list) => (list ? [sprout, ...list] : list));
  qc.setQueryData(queryKeys.sprout(sprout.id), sprout);
}

type PatchFields = Partial<Pick<Sprout, 'displayName' | 'isPinned' | 'isDeploymentEnabled'>>;

/**
 * PATCH sends the full project plus changes (SPEC §7). Pin is optimistic with rollback; rename and
 * unpublish update both caches when the server confirms.
 */
export function usePatchSprout() {
  const api = useApi();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ sprout, changes }: { sprout: Sprout; changes: PatchFields }) => {
      try {
        return await api.request<Sprout>('PATCH', `/sprouts/${encodeURIComponent(sprout.id)}`, { ...sprout, ...changes });
      } catch (err) {
        throw new Error(errorText(err, { format: (st, tx, m) => couldNotPatch(sprout.id, st, tx, m) }), { cause: err });
      }
    },
    onMutate: async ({ sprout, changes }) => {
      if (changes.isPinned === undefined) return { previous: undefined };
      await qc.cancelQueries({ queryKey: queryKeys.sprouts });
      const previous = qc.getQueryData<Sprout[]>(queryKeys.sprouts);
      putSproutInCaches(qc, { ...sprout, ...changes });
      return { previous };
    },
    onError: (err, _vars, ctx) => {
      if (ctx?.previous) qc.setQueryData(queryKeys.sprouts, ctx.previous);
      toast.error(err.message);
    },
    onSuccess: (sprout, { changes }) => {
      putSproutInCaches(qc, sprout);
      if (changes.isDeploymentEnabled === false) void qc.invalidateQueries({ queryKey: queryKeys.usage });
    },
  });
}

export function useDeleteSprout() {
  const api = useApi();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      try {
        await api.request<void>('DELETE', `/sprouts/${encodeURIComponent(id)}`);
      } catch (err) {
        throw new Error(errorText(err, { format: (st, tx, m) => couldNotDelete(id, st, tx, m) }), { cause: err });
      }
    },
    onSuccess: (_r, id) => {
      qc.setQueryData<Sprout[]>(queryKeys.sprouts, (list) => list?.filter((p) => p.id !== id));
      qc.removeQueries({ queryKey: queryKeys.sprout(id) });
      void qc.invalidateQueries({ queryKey: queryKeys.usage });
    },
    onError: (err) => toast.error(err.message),
  });
}

export { couldNotCreateApp };
