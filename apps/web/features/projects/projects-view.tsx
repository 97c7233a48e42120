'use client';
import type { Sprout, Usage } from '@sprout/core/contract';
import { AuthGate, SIGNED_IN_SERVER_CHECKED } from '@/features/auth';
import { NewProjectButton } from './create/new-project-button';
import { ImportButton } from './import/import-button';
import { ProjectList } from './project-list';
import { UsageMeter } from '@/features/usage';

/** The /build screen: the user's projects, the usage meter and a way to start a new project. */
export function ProjectsView({ initialSprouts, initialUsage }: { initialSprouts?: Sprout[]; initialUsage?: Usage }) {
  return (
    <AuthGate policy={SIGNED_IN_SERVER_CHECKED}>
      <main className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Projects</h1>
            <p className="mt-1 text-sm text-muted-foreground">Everything you have built with Sprout. Pick up where you left off.</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <ImportButton />
            <NewProjectButton />
          </div>
        </div>
        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18.5rem] lg:items-start">
          <section aria-label="Your projects" className="min-w-0">
            <ProjectList initialData={initialSprouts} />
          </section>
          <aside className="lg:sticky lg:top-20">
            <UsageMeter initialData={initialUsage} />
          </aside>
        </div>
      </main>
    </AuthGate>
  );
}
