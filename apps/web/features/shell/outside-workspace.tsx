'use client';
import type { ReactNode } from 'react';
import { usePathname } from 'next/navigation';
import { isWorkspacePath } from '@/lib/workspace-path';

/**
 * Shell parts the project workspace does not show (the footer). Decided in the client from the
 * current path: the root layout renders once and stays through soft navigations, so a choice made
 * there from the request's path would stay stale after moving between the list and a project.
 */
export function OutsideWorkspace({ children }: { children: ReactNode }) {
  return isWorkspacePath(usePathname()) ? null : <>{children}</>;
}
