'use client';
import type { Dataset, Sprout } from '@sprout/core/contract';
import { useMemo, useState } from 'react';
import { Database } from 'lucide-react';
import { useAppUsers, useDataOverview, useExportData, useResetTestData } from './queries';
import { QueryLoadError } from '@/ui/load-error';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Skeletons } from '@/ui/skeleton';
import { PanelEmptyState } from '@/ui/panel-empty-state';
import { useFirstVisible } from '@/ui/use-first-visible';
import { AppUsers } from './app-users';
import { CollectionList } from './collection-list';
import { DatasetBar } from './dataset-bar';
import { DocumentsTable, NO_DATA } from './documents-table';
import { pickCollection } from './format';
import { PaymentsSection } from './payments-section';
import { RulesBanner } from './rules-banner';

/**
 * The app's backend as its owner sees it: test data (the preview's) or live data (the published
 * app's), each collection with its rules in words, its documents to view, edit, delete and export,
 * the orders its pages took (with refunds, and what live payments need), and the app's own users.
 * `active`: the tab is showing, so what the app saves appears by itself.
 */
export function DataPanel({ sprout, active = true }: { sprout: Sprout; active?: boolean }) {
  const [rootRef, visible] = useFirstVisible<HTMLDivElement>();
  const [dataset, setDataset] = useState<Dataset>('test');
  const [chosen, setChosen] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const live = visible && active;

  const overview = useDataOverview(sprout.id, dataset, { enabled: visible, live });
  // An app that was published once may hold live data worth looking at after it went offline.
  const liveOverview = useDataOverview(sprout.id, 'live', { enabled: visible && !sprout.published, live: false });
  const liveAvailable = sprout.published || (liveOverview.data?.usage.documents ?? 0) > 0 || (liveOverview.data?.usage.bytes ?? 0) > 0;
  const users = useAppUsers(sprout.id, dataset, { enabled: visible, live });
  const emails = useMemo(() => new Map((users.data?.users ?? []).map((u) => [u.id, u.email])), [users.data]);
  const exporter = useExportData(sprout.id, dataset);
  const reset = useResetTestData(sprout.id);

  const collections = overview.data?.collections ?? [];
  const selected = pickCollection(collections, chosen);
  const switchDataset = (next: Dataset) => {
    setDataset(next);
    setChosen(null);
  };

  let body;
  if (overview.isError && !overview.data) {
    body = <QueryLoadError query={overview} className="p-8" testId="data-error" title="Your app’s data did not load" />;
  } else if (!overview.data) {
    body = (
      <Skeletons
        className="gap-2.5"
        label="Loading your app’s data"
        busy={visible}
        bars={['h-16 w-full rounded-lg', 'h-16 w-full rounded-lg', 'h-40 w-full rounded-lg']}
      />
    );
  } else if (collections.length === 0) {
    body = (
      <div data-testid="data-empty">
        <PanelEmptyState icon={Database} title={NO_DATA}>
          {dataset === 'test' ? 'Try your app in the preview: what it saves there is test data.' : 'What visitors of your published app save is live data.'}
        </PanelEmptyState>
      </div>
    );
  } else {
    body = (
      <div className="grid gap-4 md:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
        <CollectionList collections={collections} selected={selected} onSelect={setChosen} />
        {selected ? (
          <section aria-label={`Documents in ${selected}`} className="min-w-0">
            <DocumentsTable key={`${dataset}:${selected}`} collectionRef={{ sproutId: sprout.id, dataset, collection: selected }} live={live} emails={emails} />
          </section>
        ) : null}
      </div>
    );
  }

  return (
    <div ref={rootRef} data-testid="data-panel" data-dataset={dataset} className="h-full min-h-0">
      <div className="mx-auto grid w-full max-w-6xl gap-4 p-3 sm:p-4">
        <DatasetBar
          dataset={dataset}
          onDataset={switchDataset}
          liveAvailable={liveAvailable || dataset === 'live'}
          overview={overview.data}
          collection={selected}
          exporting={exporter.pending}
          onExport={(format, collection) => void exporter.run(format, collection)}
          onReset={() => setConfirmReset(true)}
        />
        {overview.data?.rulesProblems ? <RulesBanner problems={overview.data.rulesProblems} /> : null}
        {body}
        {overview.data ? <PaymentsSection sproutId={sprout.id} dataset={dataset} enabled={visible} live={live} /> : null}
        {overview.data ? <AppUsers sproutId={sprout.id} dataset={dataset} users={users} /> : null}
      </div>
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title="Reset the test data?"
        description="Every document, file and app user your preview saved is deleted. Live data is not touched."
        confirmLabel="Reset test data"
        confirmTestId="data-reset-confirm"
        pending={reset.isPending}
        onConfirm={(e) => {
          // Stay open while it runs: the dialog closes once the data is gone.
          e.preventDefault();
          reset.mutate(undefined, { onSettled: () => setConfirmReset(false) });
        }}
      />
    </div>
  );
}
