'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RemoteStatus, Sprout } from '@sprout/core/contract';
import { useCalls } from '@/lib/api/services';
import { useAuth } from '@/lib/api/auth';
import { errorText } from '@/lib/api/error-text';
import { toast } from '@/lib/browser/toast';
import { showNewVersion } from '@/features/versions';
import { remoteCalls } from './remote-api';
import { pulledText } from './git-text';

/*
 * A project's remote as hooks: its status (asked for while the Git dialog is open, and again while a
 * push may be going), and the owner's actions, each answered with a toast.
 */

const keys = { remote: (sproutId: string) => ['git-remote', sproutId] as const };

/** Pushes follow each version by themselves: while the dialog is open the status is read this often. */
const STATUS_POLL_MS = 15_000;

export function useProjectRemote(sproutId: string, open: boolean) {
  const calls = useCalls(remoteCalls);
  const signedIn = useAuth().status === 'signed-in';
  return useQuery({ queryKey: keys.remote(sproutId), queryFn: () => calls.status(sproutId), enabled: open && signedIn, refetchInterval: STATUS_POLL_MS });
}

export function useConnectRemote(sproutId: string) {
  const calls = useCalls(remoteCalls);
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { url: string; token: string }) => calls.connect(sproutId, input.url, input.token),
    onSuccess: (status) => {
      qc.setQueryData<RemoteStatus>(keys.remote(sproutId), status);
      if (status.remote?.lastError) toast.error(status.remote.lastError);
      else toast.success('Connected. Every new version is pushed to the remote.');
    },
  });
}

/** "Pull": the new versions reach the history and the preview at once; a conflict or a refusal is said as the API words it. */
export function usePullRemote(sprout: Sprout) {
  const calls = useCalls(remoteCalls);
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => calls.pull(sprout.id),
    onSuccess: (answer) => {
      qc.setQueryData<RemoteStatus>(keys.remote(sprout.id), { remote: answer.remote });
      const last = answer.versions.at(-1);
      if (last) showNewVersion(qc, sprout, last);
      toast.success(pulledText(answer.versions.length));
    },
    onError: (err) => {
      // The status records what the remote said (a conflict, a refused commit).
      void qc.invalidateQueries({ queryKey: keys.remote(sprout.id) });
      toast.error(errorText(err, { otherwise: 'Could not pull. Please try again.' }));
    },
  });
}

export function useDisconnectRemote(sproutId: string) {
  const calls = useCalls(remoteCalls);
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => calls.disconnect(sproutId),
    onSuccess: () => {
      qc.setQueryData<RemoteStatus>(keys.remote(sproutId), { remote: null });
      toast.success('Disconnected. The remote keeps what it has.');
    },
    onError: (err) => toast.error(errorText(err, { otherwise: 'Could not disconnect. Please try again.' })),
  });
}
