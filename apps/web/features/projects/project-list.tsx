'use client';
import type { Sprout } from '@sprout/core/contract';
import { lazy, Suspense } from 'react';
import { useSprouts } from './queries';
import { QueryLoadError } from '@/ui/load-error';
import { Skeleton, Skeletons } from '@/ui/skeleton';
import { Logo } from '@/ui/logo';
import { ProjectRow } from './project-row';
import { sortProjects } from './sort';

// Only a person with no project yet sees the prompt box here: it is not part of the list's first load.
const PromptBox = lazy(() => import('./create/prompt-box').then((m) => ({ default: m.PromptBox })));

function ListSkeleton() {
  return (
    <ul className="grid gap-3" aria-busy="true" aria-label="Loading projects" data-testid="projects-loading">
      {[0, 1, 2].map((i) => (
        <li key={i} className="flex items-center gap-4 rounded-xl border bg-card p-4">
          <Skeleton className="size-10 rounded-lg" />
          <Skeletons className="flex-1" bars={['h-4 w-2/5', 'h-3 w-1/4']} />
          <Skeleton className="size-8" />
        </li>
      ))}
    </ul>
  );
}

function EmptyState() {
  return (
    <div data-testid="projects-empty" className="rounded-xl border border-dashed bg-card px-4 py-10 sm:px-8 sm:py-14">
      <div className="mx-auto flex max-w-xl flex-col items-center text-center">
        <Logo className="size-11" />
        <h2 className="mt-4 text-xl font-semibold tracking-tight">Nothing here yet — let’s grow your first project</h2>
        <p className="mt-2 text-sm text-muted-foreground">Describe an app, game or website in a sentence or two. Sprout builds it and opens it for you.</p>
      </div>
      <Suspense fallback={<Skeleton className="mx-auto mt-6 h-32 max-w-2xl rounded-2xl" />}>
        <PromptBox autoFocus className="mx-auto mt-6 max-w-2xl" />
      </Suspense>
    </div>
  );
}

export function ProjectList({ initialData }: { initialData?: Sprout[] }) {
  const query = useSprouts(initialData);
  if (query.data) {
    if (query.data.length === 0) return <EmptyState />;
    const pinned = query.data.filter((s) => s.isPinned).length;
    return (
      <>
        <p className="sr-only" aria-live="polite">
          {query.data.length} {query.data.length === 1 ? 'project' : 'projects'}
          {pinned ? `, ${pinned} pinned` : ''}
        </p>
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-3" data-testid="project-list">
          {sortProjects(query.data).map((s) => (
            <ProjectRow key={s.id} sprout={s} />
          ))}
        </ul>
      </>
    );
  }
  if (query.isError) {
    return (
      <QueryLoadError
        query={query}
        // The product's text the query made of its failure (features/projects/queries).
        describe={(err) => (err as Error).message}
        className="rounded-xl border border-dashed bg-card px-6 py-12"
        testId="projects-error"
        messageTestId="projects-error-message"
        retryTestId="projects-retry"
        title="Your projects did not load"
        retryLabel="Retry"
      />
    );
  }
  return <ListSkeleton />;
}
