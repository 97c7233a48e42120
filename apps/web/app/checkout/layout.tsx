import type { ReactNode } from 'react';
import { QueryProvider } from '@/lib/api/query-provider';

/** These pages fetch on the client: TanStack Query comes with them, not with every page (lib/api/query-provider.tsx). */
export default function DataLayout({ children }: { children: ReactNode }) {
  return <QueryProvider>{children}</QueryProvider>;
}
