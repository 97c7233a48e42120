'use client';
import type { AppAiSettings, AppEmailSettings, Dataset, SecretList } from '@sprout/core/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/browser/toast';
import { useCalls } from '@/lib/api/services';
import { useAuth } from '@/lib/api/auth';
import { actionErrorText } from '@/lib/api/error-text';
import { functionCalls } from './api';
import { tokenCount } from './app-ai';

/*
 * The Functions panel's data as hooks: the version's functions, their recent calls, "Run now", the
 * dataset's secrets with their edits, the app's AI use and cap, and its mail: settings, the day's
 * counts and the dataset's Outbox. Every cache write and toast of these calls is here.
 */

/** New calls (a visitor's, a schedule's) show up within this while the panel is on screen. */
const LOGS_POLL_MS = 4_000;
/** The owner trying the preview's AI sees its tokens counted without reloading; a month's total needs no faster. */
const AI_POLL_MS = 15_000;
/** The owner trying a function that sends mail sees it in the Outbox, and the day's count move, without reloading. */
const EMAIL_POLL_MS = 15_000;

const keys = {
  functions: (sproutId: string, dataset: Dataset) => ['functions', sproutId, dataset, 'list'] as const,
  logs: (sproutId: string, dataset: Dataset) => ['functions', sproutId, dataset, 'logs'] as const,
  secrets: (sproutId: string, dataset: Dataset) => ['functions', sproutId, dataset, 'secrets'] as const,
  // Not per dataset: one cap holds the preview's and the published app's tokens together.
  ai: (sproutId: string) => ['functions', sproutId, 'ai'] as const,
  // Not per dataset: one sender name and reply-to for the preview's and the published app's mail.
  email: (sproutId: string) => ['functions', sproutId, 'email'] as const,
  outbox: (sproutId: string, dataset: Dataset) => ['functions', sproutId, dataset, 'outbox'] as const,
};

const failed = (action: string, err: unknown) => actionErrorText(action, err, `Could not ${action}. Try again.`);
const useFunctionCalls = () => useCalls(functionCalls);
const useSignedIn = () => useAuth().status === 'signed-in';

export function useAppFunctions(sproutId: string, dataset: Dataset, opts: { enabled: boolean; currentVersionId: string | null }) {
  const calls = useFunctionCalls();
  const signedIn = useSignedIn();
  return useQuery({
    // A new version may have other functions: its id is part of the key.
    queryKey: [...keys.functions(sproutId, dataset), opts.currentVersionId],
    queryFn: () => calls.list(sproutId, dataset),
    enabled: opts.enabled && signedIn,
  });
}

export function useFunctionLogs(sproutId: string, dataset: Dataset, opts: { enabled: boolean; live: boolean }) {
  const calls = useFunctionCalls();
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: keys.logs(sproutId, dataset),
    queryFn: () => calls.logs(sproutId, dataset),
    enabled: opts.enabled && signedIn,
    refetchInterval: opts.live ? LOGS_POLL_MS : false,
    refetchOnWindowFocus: opts.live,
  });
}

export function useRunFunction(sproutId: string, dataset: Dataset) {
  const calls = useFunctionCalls();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => calls.run(sproutId, dataset, name),
    onSuccess: (out, name) => toast.success(`${name} answered ${out.status}`),
    onError: (err, name) => toast.error(failed(`run ${name}`, err)),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.logs(sproutId, dataset) }),
  });
}

export function useSecrets(sproutId: string, dataset: Dataset, opts: { enabled: boolean }) {
  const calls = useFunctionCalls();
  const signedIn = useSignedIn();
  return useQuery({ queryKey: keys.secrets(sproutId, dataset), queryFn: () => calls.secrets(sproutId, dataset), enabled: opts.enabled && signedIn });
}

export function useSaveSecret(sproutId: string, dataset: Dataset) {
  const calls = useFunctionCalls();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; value: string }) => calls.putSecret(sproutId, dataset, input.name, input.value),
    onSuccess: (saved) => {
      qc.setQueryData<SecretList>(keys.secrets(sproutId, dataset), (list) =>
        list
          ? {
              ...list,
              secrets: [...list.secrets.filter((s) => s.name !== saved.name), { name: saved.name, hint: saved.hint, updatedAt: new Date().toISOString() }].sort(
                (a, b) => a.name.localeCompare(b.name),
              ),
            }
          : list,
      );
      toast.success(saved.created ? `${saved.name} added` : `${saved.name} replaced`);
    },
    onError: (err, input) => toast.error(failed(`save ${input.name}`, err)),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.secrets(sproutId, dataset) }),
  });
}

export function useDeleteSecret(sproutId: string, dataset: Dataset) {
  const calls = useFunctionCalls();
  const qc = useQueryClient();
  const key = keys.secrets(sproutId, dataset);
  return useMutation({
    mutationFn: (name: string) => calls.deleteSecret(sproutId, dataset, name),
    // Gone at once; back if the server refused.
    onMutate: async (name) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<SecretList>(key);
      qc.setQueryData<SecretList>(key, (list) => (list ? { ...list, secrets: list.secrets.filter((s) => s.name !== name) } : list));
      return { before };
    },
    onSuccess: (_v, name) => toast.success(`${name} deleted`),
    onError: (err, name, ctx) => {
      qc.setQueryData(key, ctx?.before);
      toast.error(failed(`delete ${name}`, err));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}

export function useAppAi(sproutId: string, opts: { enabled: boolean; live: boolean }) {
  const calls = useFunctionCalls();
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: keys.ai(sproutId),
    queryFn: () => calls.ai(sproutId),
    enabled: opts.enabled && signedIn,
    refetchInterval: opts.live ? AI_POLL_MS : false,
  });
}

/** A refusal (over the plan's most, not a whole number) is the caller's to show by the field: no toast for it here. */
export function useSaveAiCap(sproutId: string) {
  const calls = useFunctionCalls();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (monthlyTokenCap: number | null) => calls.putAiCap(sproutId, monthlyTokenCap),
    onSuccess: (saved) => {
      qc.setQueryData<AppAiSettings>(keys.ai(sproutId), saved);
      const cap = `${tokenCount(saved.monthlyTokenCap)} tokens a month`;
      toast.success(saved.capIsDefault ? `Back to the plan’s default: ${cap}` : `App AI capped at ${cap}`);
    },
  });
}

export function useAppEmail(sproutId: string, opts: { enabled: boolean; live: boolean }) {
  const calls = useFunctionCalls();
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: keys.email(sproutId),
    queryFn: () => calls.email(sproutId),
    enabled: opts.enabled && signedIn,
    refetchInterval: opts.live ? EMAIL_POLL_MS : false,
  });
}

export function useOutbox(sproutId: string, dataset: Dataset, opts: { enabled: boolean; live: boolean }) {
  const calls = useFunctionCalls();
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: keys.outbox(sproutId, dataset),
    queryFn: () => calls.outbox(sproutId, dataset),
    enabled: opts.enabled && signedIn,
    refetchInterval: opts.live ? EMAIL_POLL_MS : false,
  });
}

/** A refusal (a bad reply-to, a sender name with quotes) is the caller's to show by its field: no toast for it here. */
export function useSaveAppEmail(sproutId: string) {
  const calls = useFunctionCalls();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { senderName: string | null; replyTo: string | null }) => calls.putEmail(sproutId, body),
    onSuccess: (saved) => {
      qc.setQueryData<AppEmailSettings>(keys.email(sproutId), saved);
      toast.success('E-mail settings saved');
    },
  });
}
