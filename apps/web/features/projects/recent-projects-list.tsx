'use client';
import Link from 'next/link';
import { ArrowRight } from 'lucide-react';
import { QueryProvider } from '@/lib/api/query-provider';
import { RelativeTime } from '@/ui/relative-time';
import { ProjectThumbnail } from './project-thumbnail';
import { useSprouts } from './queries';
import { recentProjects } from './sort';

/** How many the home page shows: one row on a wide screen. */
const SHOWN = 4;

function Recent() {
  const list = useSprouts();
  const recent = recentProjects(list.data ?? [], SHOWN);
  // No projects yet (or the list could not load): the prompt box above is the way in.
  if (!recent.length) return null;
  return (
    <section aria-labelledby="recent-projects-heading" data-testid="recent-projects" className="mx-auto w-full max-w-5xl px-4 pt-10 sm:pt-14">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="recent-projects-heading" className="text-lg font-semibold tracking-tight">
          Recent projects
        </h2>
        <Link
          href="/build"
          className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
          data-testid="all-projects"
        >
          All projects
          <ArrowRight className="size-3.5" aria-hidden="true" />
        </Link>
      </div>
      <ul className="mt-4 grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-4">
        {recent.map((p) => (
          <li key={p.id}>
            <Link
              href={`/build/${p.id}`}
              data-testid="recent-project"
              data-project-id={p.id}
              className="group flex items-center gap-3 rounded-xl border bg-card p-3 shadow-xs outline-none transition-colors hover:border-primary/40 focus-visible:ring-[3px] focus-visible:ring-ring/50 min-[480px]:flex-col min-[480px]:items-stretch"
            >
              <ProjectThumbnail
                sprout={p}
                name={p.displayName}
                className="min-[480px]:aspect-[16/10] min-[480px]:h-auto min-[480px]:w-full min-[480px]:text-2xl"
              />
              <span className="min-w-0">
                <span className="block truncate font-medium">{p.displayName}</span>
                <span className="block text-xs text-muted-foreground">
                  <RelativeTime iso={p.updatedAt} prefix="Edited" />
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Loaded with its own query provider: the home page has none (it fetches nothing for a visitor). */
export function RecentProjectsList() {
  return (
    <QueryProvider>
      <Recent />
    </QueryProvider>
  );
}
