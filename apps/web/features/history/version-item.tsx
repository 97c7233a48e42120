'use client';
import type { ListedVersion, VersionSecurity } from '@sprout/core/contract';
import { memo, useId, useState } from 'react';
import {
  AppWindow,
  ChevronRight,
  Database,
  FolderInput,
  GitCommitHorizontal,
  History,
  LoaderCircle,
  PencilLine,
  RotateCcw,
  Sparkles,
  Sprout,
} from 'lucide-react';
import { useScreenshot } from '@/lib/api/screenshots';
import { clientOnly } from '@/lib/browser/client-only';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Skeletons } from '@/ui/skeleton';
import { RelativeTime } from '@/ui/relative-time';
import { cn } from '@/lib/cn';
import { shownSummary, versionBadge, versionName, versionNameInline } from '@/lib/version-label';
import { VersionSecurityNote } from './version-security';
import { RestoreDialog } from './restore-dialog';

// The diff view is its own chunk, fetched the first time someone opens a version's changes.
const VersionDiff = clientOnly(() => import('./version-diff'), <Skeletons className="p-3" label="Loading changes" bars={['h-4 w-2/3']} />);

const SOURCES: Record<string, { label: string; Icon: typeof Sprout }> = {
  create: { label: 'Project created', Icon: Sparkles },
  run: { label: 'Sprout', Icon: Sprout },
  manual: { label: 'Edited by you', Icon: PencilLine },
  restore: { label: 'Restored', Icon: History },
  git: { label: 'Pushed with git', Icon: GitCommitHorizontal },
  import: { label: 'Imported', Icon: FolderInput },
};

/** The render check's picture of the version, small; nothing while it loads or when it cannot be loaded. */
function VersionThumbnail({ sproutId, versionId, number }: { sproutId: string; versionId: string; number: number }) {
  const shot = useScreenshot(sproutId, versionId);
  if (!shot.data) return <span className="hidden h-12 w-20 shrink-0 rounded-md bg-muted sm:block" aria-hidden="true" />;
  return (
    <img
      src={shot.data}
      alt={`${versionName(number)} as it opened`}
      data-testid="version-thumbnail"
      className="hidden h-12 w-20 shrink-0 rounded-md border object-cover object-top sm:block"
    />
  );
}

function versionTitle(v: ListedVersion): string {
  // The API words a restore in its own numbers; the list shows the person's ("Restored version 1").
  const summary = shownSummary(v.summary?.trim() || null);
  if (summary) return summary;
  if (v.source === 'create') return 'Starter project';
  if (v.source === 'manual') return 'Manual edit';
  if (v.source === 'restore') return 'Restored an earlier version';
  return 'Changes by Sprout';
}

export interface VersionItemProps {
  sproutId: string;
  version: ListedVersion;
  /** The render check took a picture of this version. */
  screenshot: boolean;
  /** The security check kept from publishing it, if it was checked. */
  security: VersionSecurity | null;
  current: boolean;
  diffEnabled: boolean;
  /** Restore is blocked (a run is active) with this reason. */
  restoreBlocked: string | null;
  restoring: boolean;
  /** Restore this version, with its test data or not. */
  onRestore: (v: ListedVersion, withData: boolean) => void;
  /** This version is what the preview shows (chosen here). */
  viewing: boolean;
  /** Show this version in the preview (and its changes, with enableDiffView). */
  onView: (v: ListedVersion) => void;
  /** Go to the Preview tab. */
  onOpenPreview: () => void;
}

/** One saved state of the project: number, what changed, who made it and when; restore and (enableDiffView) changes. */
export const VersionItem = memo(function VersionItem({
  sproutId,
  version,
  screenshot,
  security,
  current,
  diffEnabled,
  restoreBlocked,
  restoring,
  onRestore,
  viewing,
  onView,
  onOpenPreview,
}: VersionItemProps) {
  const [confirm, setConfirm] = useState(false);
  const [diffOpen, setDiffOpen] = useState(false);
  const diffId = useId();
  const source = SOURCES[version.source] ?? { label: version.source.charAt(0).toUpperCase() + version.source.slice(1), Icon: History };
  const title = versionTitle(version);

  return (
    <li
      data-testid="version-item"
      data-version-number={version.number}
      data-version-id={version.id}
      data-current={current ? 'true' : undefined}
      data-viewing={viewing ? 'true' : undefined}
      aria-current={current ? 'true' : undefined}
      className={cn(
        'min-w-0 rounded-xl border bg-card text-card-foreground transition-colors',
        current && 'border-primary/50 ring-1 ring-primary/20',
        viewing && 'border-warning/60 ring-1 ring-warning/30',
      )}
    >
      <div className="flex items-start gap-3 p-3">
        {screenshot ? <VersionThumbnail sproutId={sproutId} versionId={version.id} number={version.number} /> : null}
        <span
          className={cn(
            'flex h-7 min-w-9 shrink-0 items-center justify-center rounded-lg px-1.5 font-mono text-xs font-semibold tabular-nums',
            current ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
          )}
          aria-label={versionName(version.number)}
        >
          {versionBadge(version.number)}
        </span>
        <button
          type="button"
          onClick={() => {
            onView(version);
            if (diffEnabled) setDiffOpen(true);
          }}
          aria-pressed={viewing}
          title={current ? 'Show in the preview' : `Show ${versionNameInline(version.number)} in the preview`}
          data-testid="version-view"
          className="-m-1 min-w-0 flex-1 rounded-md p-1 text-left outline-none hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="min-w-0 text-sm font-medium break-words" data-testid="version-summary">
              {title}
            </span>
            {current ? (
              <Badge variant="default" data-testid="version-current">
                Current
              </Badge>
            ) : null}
            {version.dataShapeChanged ? (
              <Badge variant="warning" title={version.dataShapeChange ?? undefined} data-testid="version-data-shape">
                <Database className="size-3" aria-hidden="true" />
                Data shape changed
                {version.dataShapeChange ? <span className="sr-only">: {version.dataShapeChange}</span> : null}
              </Badge>
            ) : null}
          </p>
          <p className="mt-0.5 flex items-center gap-1.5 text-xs text-muted-foreground">
            <source.Icon className="size-3 shrink-0" aria-hidden="true" />
            <span>{source.label}</span>
            <span aria-hidden="true">·</span>
            <RelativeTime iso={version.createdAt} />
          </p>
        </button>
        <div className="flex shrink-0 items-center gap-1">
          {diffEnabled ? (
            <Button
              variant="ghost"
              size="sm"
              className="h-8 px-2"
              onClick={() => setDiffOpen((o) => !o)}
              aria-expanded={diffOpen}
              aria-controls={diffId}
              data-testid="version-diff-toggle"
            >
              <ChevronRight className={cn('transition-transform', diffOpen && 'rotate-90')} aria-hidden="true" />
              <span className="hidden sm:inline">Changes</span>
            </Button>
          ) : null}
          {!current ? (
            <Button
              variant="outline"
              size="sm"
              className="h-8"
              onClick={() => setConfirm(true)}
              disabled={!!restoreBlocked || restoring}
              title={restoreBlocked ?? `Restore ${versionNameInline(version.number)}`}
              data-testid="version-restore"
            >
              {restoring ? <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
              Restore
            </Button>
          ) : null}
        </div>
      </div>

      {security ? <VersionSecurityNote report={security} /> : null}

      {viewing ? (
        <p className="flex items-center gap-2 border-t px-3 py-2 text-xs text-muted-foreground" data-testid="version-viewing">
          <AppWindow className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="min-w-0 flex-1">The preview shows this version.</span>
          <button
            type="button"
            onClick={onOpenPreview}
            data-testid="version-open-preview"
            className="shrink-0 rounded-sm font-medium text-foreground underline underline-offset-2 outline-none hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            Open the preview
          </button>
        </p>
      ) : null}

      {diffEnabled && diffOpen ? (
        <div id={diffId} className="border-t">
          <VersionDiff sproutId={sproutId} versionId={version.id} />
        </div>
      ) : null}

      <RestoreDialog version={version} open={confirm} onOpenChange={setConfirm} onRestore={(withData) => onRestore(version, withData)} />
    </li>
  );
});
