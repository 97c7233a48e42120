'use client';
import { ExternalLink, FolderOpen } from 'lucide-react';
import { formatBillingDate } from '@/features/billing';
import { Badge } from '@/ui/badge';
import type { AdminPerson } from '../admin';

/** A person's projects, newest first: published ones with their address, deleted ones marked. */
export function PersonProjects({ projects }: { projects: AdminPerson['projects'] }) {
  return (
    <section className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm sm:p-6" aria-labelledby="admin-projects">
      <h2 id="admin-projects" className="font-semibold">
        Projects <span className="font-normal text-muted-foreground">({projects.length})</span>
      </h2>
      {projects.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="admin-projects-empty">
          <FolderOpen className="size-4" aria-hidden="true" /> No projects yet.
        </p>
      ) : (
        <ul className="grid gap-2 text-sm" data-testid="admin-projects">
          {projects.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b pb-2 last:border-0" data-testid="admin-project">
              <span className={p.deletedAt ? 'text-muted-foreground line-through' : 'font-medium'}>{p.displayName}</span>
              {p.deletedAt ? <Badge variant="secondary">Deleted</Badge> : null}
              {p.published && p.publicUrl ? (
                <a
                  href={p.publicUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
                >
                  Live <ExternalLink className="size-3" aria-hidden="true" />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : null}
              <span className="ml-auto text-xs text-muted-foreground tabular-nums">
                {p.versions} version{p.versions === 1 ? '' : 's'} · created {formatBillingDate(p.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
