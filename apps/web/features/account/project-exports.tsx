'use client';
import type { Sprout } from '@sprout/core/contract';
import { Download, Globe, Loader2 } from 'lucide-react';
import { useExportSprout } from '@/features/export';
import { useSprouts } from '@/features/projects';
import { LoadError } from '@/ui/load-error';
import { Button } from '@/ui/button';
import { Skeletons } from '@/ui/skeleton';

function ExportRow({ sprout }: { sprout: Sprout }) {
  const exporter = useExportSprout(sprout);
  return (
    <li className="flex items-center justify-between gap-3 py-2" data-testid="export-row">
      <span className="flex min-w-0 items-center gap-2 text-sm">
        <span className="truncate font-medium">{sprout.displayName}</span>
        {sprout.published ? (
          <span className="flex shrink-0 items-center gap-1 text-xs text-muted-foreground">
            <Globe className="size-3" aria-hidden="true" /> published
          </span>
        ) : null}
      </span>
      <Button
        size="sm"
        variant="outline"
        className="shrink-0"
        onClick={() => void exporter.run()}
        disabled={exporter.pending}
        aria-label={`Export ${sprout.displayName}`}
        data-testid={`export-${sprout.id}`}
      >
        {exporter.pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
        Export
      </Button>
    </li>
  );
}

/** Every project with its export (a standalone Vite project as a zip), offered before the account goes. */
export function ProjectExports() {
  const sprouts = useSprouts();
  if (sprouts.isError && !sprouts.data) {
    return <LoadError layout="box" className="rounded-lg p-4" title="Could not load your projects." onRetry={() => void sprouts.refetch()} />;
  }
  if (!sprouts.data) return <Skeletons label="Loading your projects" bars={['h-8 w-full', 'h-8 w-full']} />;
  if (sprouts.data.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-3 text-sm text-muted-foreground" data-testid="exports-empty">
        You have no projects, so there is nothing to download.
      </p>
    );
  }
  return (
    <ul className="max-h-60 divide-y overflow-y-auto rounded-lg border px-3" aria-label="Your projects" data-testid="project-exports">
      {sprouts.data.map((s) => (
        <ExportRow key={s.id} sprout={s} />
      ))}
    </ul>
  );
}
