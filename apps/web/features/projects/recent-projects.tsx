'use client';
import { lazy, Suspense } from 'react';
import { useAuth } from '@/lib/api/auth';

// The list and its query library load only for a signed-in person: the home page's first load
// stays what a visitor needs.
const RecentProjectsList = lazy(() => import('./recent-projects-list').then((m) => ({ default: m.RecentProjectsList })));

/** The signed-in home's "Recent projects": the last edited ones, a click from the prompt box. Nothing for a visitor. */
export function RecentProjects() {
  const { status } = useAuth();
  if (status !== 'signed-in') return null;
  return (
    <Suspense fallback={null}>
      <RecentProjectsList />
    </Suspense>
  );
}
