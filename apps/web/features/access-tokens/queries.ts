'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessTokenList, AccessTokenScope } from '@sprout/core/contract';
import { useCalls } from '@/lib/api/services';
import { useAuth } from '@/lib/api/auth';
import { errorText } from '@/lib/api/error-text';
import { toast } from '@/lib/browser/toast';
import { accessTokenCalls } from './api';

const keys = { list: ['access-tokens'] as const };

export function useAccessTokens() {
  const calls = useCalls(accessTokenCalls);
  const signedIn = useAuth().status === 'signed-in';
  return useQuery({ queryKey: keys.list, queryFn: () => calls.list(), enabled: signedIn });
}

/** Makes a token; the answer carries the token itself, the only time it is shown. */
export function useCreateAccessToken() {
  const calls = useCalls(accessTokenCalls);
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; scope: AccessTokenScope }) => calls.create(input.name, input.scope),
    onSuccess: (made) => {
      // Listed without the token: it is shown once, in the section, and kept nowhere else.
      const listed = { id: made.id, name: made.name, scope: made.scope, createdAt: made.createdAt, lastUsedAt: made.lastUsedAt };
      qc.setQueryData<AccessTokenList>(keys.list, (old) => ({ tokens: [...(old?.tokens ?? []), listed] }));
      toast.success(`Token "${made.name}" created. Copy it now.`);
    },
    onError: (err) => toast.error(errorText(err)),
  });
}

export function useRevokeAccessToken() {
  const calls = useCalls(accessTokenCalls);
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => calls.revoke(id),
    onSuccess: (_done, id) => {
      qc.setQueryData<AccessTokenList>(keys.list, (old) => ({ tokens: (old?.tokens ?? []).filter((t) => t.id !== id) }));
      toast.success('Token revoked. It no longer opens your projects.');
    },
    onError: (err) => toast.error(errorText(err)),
  });
}
