'use client';
import { useCallback } from 'react';
import { useApi } from '@/lib/client/app-context';

/** Calls the build product's API base (`{api}/build/v1`: publish, export, runs…) through the shared client. */
export function useBuildApi() {
  const api = useApi();
  return useCallback(<T,>(method: string, path: string, body?: unknown) => api.request<T>(method, path, body, { base: 'build' }), [api]);
}
