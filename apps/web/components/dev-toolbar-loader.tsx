'use client';
import dynamic from 'next/dynamic';
import { isDeveloperToolbarUser } from '@sprout/core';
import { useAuth } from '@/lib/client/auth';

// A separate chunk, requested only when the layout renders this for a course engineer.
const DevToolbar = dynamic(() => import('./dev-toolbar').then((m) => m.DevToolbar), { ssr: false });

export function DevToolbarLoader() {
  const { status, user } = useAuth();
  // The client re-checks: a role removed since the cookie was issued hides the toolbar at once.
  if (status === 'signed-in' && !isDeveloperToolbarUser(user?.roles)) return null;
  return <DevToolbar />;
}
