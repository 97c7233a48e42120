'use client';
import { isDeveloperToolbarUser } from '@sprout/core';
import { useAuth } from '@/lib/api/auth';
import { clientOnly } from '@/lib/browser/client-only';

// A separate chunk, requested only when the layout renders this for a course engineer.
const DevToolbar = clientOnly<Record<string, never>>(() => import('./dev-toolbar').then((m) => ({ default: m.DevToolbar })));

export function DevToolbarLoader() {
  const { status, user } = useAuth();
  // The client re-checks: a role removed since the cookie was issued hides the toolbar at once.
  if (status === 'signed-in' && !isDeveloperToolbarUser(user?.roles)) return null;
  return <DevToolbar />;
}
