'use client';
import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { getQueryClient } from './query-client';

/**
 * TanStack Query for the parts that fetch on the client: the layouts of the pages that do, and the
 * dialogs and strips loaded on demand. Not in the root layout, so pages that fetch nothing in the
 * browser (the home page, sign-in, the legal pages) do not load the library; all providers share the
 * page session's one client (getQueryClient), so its cache outlives a move between them.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(getQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
