'use client';
import type { Dataset, Sprout } from '@sprout/core/contract';
import { useEffect, useRef, useState } from 'react';
import { Server } from 'lucide-react';
import { PanelEmptyState } from '@/ui/panel-empty-state';
import { QueryLoadError } from '@/ui/load-error';
import { Segmented } from '@/ui/segmented';
import { Skeletons } from '@/ui/skeleton';
import { useFirstVisible } from '@/ui/use-first-visible';
import { useWorkspaceNav } from '@/features/workspace-nav';
import { AppAiSection } from './app-ai-section';
import { AppEmailSection } from './app-email-section';
import { CallList } from './call-list';
import { FunctionList } from './function-list';
import { useAppFunctions, useFunctionLogs } from './queries';
import { type SecretPrefill, SecretsSection } from './secrets-section';

/**
 * The app's server side as its owner sees it, per dataset (test: the preview's, live: the published
 * app's): its functions (functions/*.ts) with who may call them and when they run, Run now, their
 * recent calls and logs, and the secrets they read; then the app's AI, whose one allowance covers
 * both datasets, and its mail: the dataset's Outbox and day's count, and settings both share.
 */
export function FunctionsPanel({ sprout, active = true }: { sprout: Sprout; active?: boolean }) {
  const [rootRef, visible] = useFirstVisible<HTMLDivElement>();
  const [dataset, setDataset] = useState<Dataset>('test');
  const functions = useAppFunctions(sprout.id, dataset, { enabled: visible, currentVersionId: sprout.currentVersionId ?? null });
  const logs = useFunctionLogs(sprout.id, dataset, { enabled: visible, live: visible && active });
  // A name to fill in the secrets form: a reply that needs a secret (the preview's, so test), a publish that lacks a live one, or a function's "not set".
  const [prefill, setPrefill] = useState<SecretPrefill | null>(null);
  const asked = useWorkspaceNav()?.secretRequest ?? null;
  const handled = useRef(0);
  useEffect(() => {
    if (!asked || asked.nonce === handled.current) return;
    handled.current = asked.nonce;
    setDataset(asked.dataset);
    setPrefill({ name: asked.name });
  }, [asked]);
  const addSecret = (name: string) => setPrefill({ name });

  let body;
  if (functions.isError && !functions.data) body = <QueryLoadError query={functions} className="p-8" title="Your app’s functions did not load" />;
  else if (!functions.data)
    body = <Skeletons label="Loading your app’s functions" busy={visible} bars={['h-12 w-full rounded-lg', 'h-12 w-full rounded-lg']} />;
  else if (functions.data.functions.length === 0 && functions.data.problems.length === 0)
    body = (
      <div data-testid="functions-empty">
        <PanelEmptyState icon={Server} title="No functions yet">
          {dataset === 'live' && !sprout.published
            ? 'Publish your app: its live functions are the published version’s.'
            : 'Ask for something that needs a server (an API key, a webhook, a daily reminder) and Sprout writes a function in functions/.'}
        </PanelEmptyState>
      </div>
    );
  else body = <FunctionList sproutId={sprout.id} dataset={dataset} list={functions.data} onAddSecret={addSecret} />;

  return (
    <div ref={rootRef} data-testid="functions-panel" data-dataset={dataset} className="h-full min-h-0">
      <div className="mx-auto grid w-full max-w-6xl gap-5 p-3 sm:p-4">
        <Segmented
          value={dataset}
          onChange={setDataset}
          label="Dataset"
          className="grid w-fit grid-cols-2 rounded-lg p-1"
          itemClassName="h-8 rounded-md px-3 text-sm font-medium focus-visible:ring-[3px]"
          segments={[
            { value: 'test', label: 'Test', testId: 'functions-test', ariaLabel: 'Test: the preview’s functions and secrets' },
            { value: 'live', label: 'Live', testId: 'functions-live', ariaLabel: 'Live: the published app’s functions and secrets' },
          ]}
        />
        <section aria-labelledby="functions-heading" className="grid gap-3">
          <h2 id="functions-heading" className="text-sm font-semibold">
            Functions
          </h2>
          {body}
        </section>
        <SecretsSection sproutId={sprout.id} dataset={dataset} enabled={visible} prefill={prefill} />
        <section aria-labelledby="calls-heading" className="grid gap-3">
          <h2 id="calls-heading" className="text-sm font-semibold">
            Recent calls
          </h2>
          {logs.isError && !logs.data ? (
            <QueryLoadError query={logs} layout="box" title="The calls did not load" />
          ) : logs.data ? (
            <CallList calls={logs.data.calls} />
          ) : (
            <Skeletons label="Loading recent calls" busy={visible} bars={['h-10 w-full']} />
          )}
        </section>
        <AppAiSection sproutId={sprout.id} enabled={visible} live={visible && active} />
        <AppEmailSection sproutId={sprout.id} projectName={sprout.displayName} dataset={dataset} enabled={visible} live={visible && active} />
      </div>
    </div>
  );
}
