import type { ReactNode } from 'react';
import { QueryProvider } from '@/components/query-provider';

/** These pages fetch on the client: TanStack Query comes with them, not with every page (components/query-provider.tsx). */
export default function DataLayout({ children }: { children: ReactNode }) {
  return <QueryProvider>{children}</QueryProvider>;
}
