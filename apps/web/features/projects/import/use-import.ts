'use client';
import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Paywall } from '@sprout/core';
import { openPaywall } from '@/features/paywall';
import { usageQueryKey } from '@/features/usage';
import { ApiError } from '@/lib/api/client';
import { errorText, paywallOf } from '@/lib/api/error-text';
import { useCalls } from '@/lib/api/services';
import { toast } from '@/lib/browser/toast';
import { projectKeys, putNewSproutInCaches } from '../queries';
import { importCalls } from './import-api';
import { fileToBase64 } from './import-text';

export type ImportInput = { kind: 'git'; url: string; token: string } | { kind: 'zip'; file: File };

/**
 * An import as a mutation: the new project goes into the list's caches and usage is read again (the
 * project count moved); at the plan's project limit the paywall opens; any other refusal is said
 * in the server's words (under the form, and as a toast). `cancel` stops waiting for the answer.
 */
export function useImportProject(onPaywall: () => void) {
  const calls = useCalls(importCalls);
  const qc = useQueryClient();
  const abort = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: async (input: ImportInput) => {
      abort.current = new AbortController();
      const { signal } = abort.current;
      if (input.kind === 'git') return calls.fromGit(input.url, input.token, signal);
      return calls.fromZip(await fileToBase64(input.file), input.file.name, signal);
    },
    onSuccess: (imported) => {
      putNewSproutInCaches(qc, imported.sprout);
      toast.success(`Imported “${imported.sprout.displayName}”.`);
    },
    onError: (err) => {
      const named = err instanceof ApiError && err.code === 'project_limit_reached';
      const wall = paywallOf<Paywall>(err, named ? { source: 'project_limit_reached', destination: 'upgradeProjects' } : null);
      if (wall) {
        openPaywall(wall);
        onPaywall();
        return;
      }
      if (err instanceof ApiError && err.code === 'aborted') {
        // The server goes on: a project it finishes meanwhile reaches the list.
        void qc.invalidateQueries({ queryKey: projectKeys.sprouts });
        toast('Stopped waiting. If the import finishes, the project appears in your list.');
        return;
      }
      toast.error(errorText(err, { otherwise: 'Could not import the project. Please try again.' }));
    },
    onSettled: () => {
      abort.current = null;
      void qc.invalidateQueries({ queryKey: usageQueryKey });
    },
  });
  return { ...mutation, cancel: () => abort.current?.abort() };
}
