'use client';
import { AlertCircle } from 'lucide-react';
import { FileDiffView } from '@/ui/file-diff';
import { useVersionDiff } from './queries';
import { errorText } from '@/lib/api/error-text';
import { Skeletons } from '@/ui/skeleton';

/*
 * A version against its parent (enableDiffView): GET /build/v1/sprouts/:id/versions/:versionId/diff,
 * one collapsible unified diff per file (ui/file-diff). Loaded on demand (clientOnly in
 * ./version-item) so the history list itself stays light.
 */

export default function VersionDiff({ sproutId, versionId }: { sproutId: string; versionId: string }) {
  const diff = useVersionDiff(sproutId, versionId);

  if (diff.isPending) {
    return <Skeletons className="p-3" label="Loading changes" bars={['h-4 w-2/3', 'h-4 w-1/2']} />;
  }
  if (diff.isError) {
    return (
      <p role="alert" className="flex items-center gap-2 p-3 text-xs text-destructive">
        <AlertCircle className="size-3.5" aria-hidden="true" />
        Could not load the changes: {errorText(diff.error, { status: 'short', otherwise: 'network error' })}
      </p>
    );
  }
  const { files, parentId } = diff.data;
  const adds = files.reduce((n, f) => n + f.additions, 0);
  const dels = files.reduce((n, f) => n + f.deletions, 0);
  return (
    <div data-testid="version-diff" className="min-w-0">
      <p className="px-3 py-2 text-xs text-muted-foreground">
        {files.length === 0
          ? parentId
            ? 'No file changed compared with the version before.'
            : 'The first version: nothing to compare with.'
          : `${files.length} file${files.length === 1 ? '' : 's'} changed · `}
        {files.length ? (
          <span className="font-mono tabular-nums">
            <span className="text-emerald-700 dark:text-emerald-400">+{adds}</span> <span className="text-red-700 dark:text-red-400">−{dels}</span>
          </span>
        ) : null}
      </p>
      {files.length ? (
        <ul className="divide-y border-t">
          {files.map((f) => (
            <FileDiffView key={f.path} file={f} defaultOpen={files.length <= 3} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
