import { QueryClient } from '@tanstack/react-query';

/** Cache lifetime 24 hours, no refetch on window focus. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 24 * 60 * 60 * 1000,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          const status = (error as { status?: number }).status ?? 0;
          return status >= 500 || status === 0 ? failureCount < 2 : false;
        },
      },
      // An action taken while offline fails at once with a clear error (lib/api/client), rather than
      // waiting, paused and spinning, for a network that may never come back.
      mutations: { networkMode: 'always' },
    },
  });
}

let browserClient: QueryClient | undefined;

/**
 * The page session's query client: one in the browser, shared by every QueryProvider (the data
 * pages' layouts, dialogs loaded on demand) so a cache filled on one page serves the next; a new one
 * per call on the server, where a shared cache would mix people's data.
 */
export function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return makeQueryClient();
  browserClient ??= makeQueryClient();
  return browserClient;
}
