'use client';
import { nearlyFull } from '@sprout/core';
import type { DataOverview, Dataset } from '@sprout/core/contract';
import { Download, Loader2, RotateCcw } from 'lucide-react';
import { Segmented } from '@/ui/segmented';
import { Button } from '@/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/ui/dropdown-menu';
import { formatBytes } from './format';

export interface DatasetBarProps {
  dataset: Dataset;
  onDataset: (dataset: Dataset) => void;
  /** Live data can be looked at: the app is published, or it has data from when it was. */
  liveAvailable: boolean;
  overview: DataOverview | undefined;
  /** The selected collection, for its CSV. */
  collection: string | null;
  exporting: boolean;
  onExport: (format: 'json' | 'csv', collection?: string) => void;
  onReset: () => void;
}

/** Test or live data, how much of the plan it uses, and what the owner can do with the whole dataset. */
export function DatasetBar({ dataset, onDataset, liveAvailable, overview, collection, exporting, onExport, onReset }: DatasetBarProps) {
  const empty = !overview || overview.collections.every((c) => c.documents === 0);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <Segmented
        value={dataset}
        onChange={onDataset}
        label="Dataset"
        className="grid grid-cols-2 rounded-lg p-1"
        itemClassName="h-8 rounded-md px-3 text-sm font-medium focus-visible:ring-[3px]"
        segments={[
          { value: 'test', label: 'Test data', testId: 'dataset-test', ariaLabel: 'Test data: what the preview saves' },
          { value: 'live', label: 'Live data', testId: 'dataset-live', ariaLabel: 'Live data: what the published app saves', disabled: !liveAvailable },
        ]}
      />
      <p className="min-w-0 flex-1 basis-48 text-xs text-muted-foreground" data-testid="dataset-note">
        {dataset === 'test' ? 'What your preview saves. Your published app has its own live data.' : 'What visitors of your published app saved.'}
        {liveAvailable ? null : ' Live data appears once you publish.'}
        {overview ? (
          <span className="block" data-testid="data-usage">
            {overview.usage.documents.toLocaleString('en')} of {overview.limits.documents.toLocaleString('en')} documents · {formatBytes(overview.usage.bytes)}{' '}
            of {formatBytes(overview.limits.storageBytes)}
          </span>
        ) : null}
        {overview && nearlyFull(overview.usage, overview.limits) ? (
          <span role="status" className="block font-medium text-amber-700 dark:text-amber-400" data-testid="data-nearly-full">
            Nearly full: when it is, nobody can save anything new in this app. Delete what it does not need, or upgrade for more room.
          </span>
        ) : null}
      </p>
      <div className="flex items-center gap-2">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="sm" disabled={exporting || empty} data-testid="data-export" aria-busy={exporting}>
              {exporting ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
              Export data
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem data-testid="export-json-all" onSelect={() => onExport('json')}>
              All collections as JSON
            </DropdownMenuItem>
            {collection ? (
              <>
                <DropdownMenuItem data-testid="export-json" onSelect={() => onExport('json', collection)}>
                  {collection} as JSON
                </DropdownMenuItem>
                <DropdownMenuItem data-testid="export-csv" onSelect={() => onExport('csv', collection)}>
                  {collection} as CSV
                </DropdownMenuItem>
              </>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
        {dataset === 'test' ? (
          <Button variant="outline" size="sm" onClick={onReset} data-testid="data-reset">
            <RotateCcw aria-hidden="true" />
            Reset
          </Button>
        ) : null}
      </div>
    </div>
  );
}
