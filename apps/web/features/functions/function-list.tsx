'use client';
import type { AppFunctionList, Dataset } from '@sprout/core/contract';
import { KeyRound, Loader2, Play } from 'lucide-react';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { useRunFunction, useSecrets } from './queries';

const ACCESS: Record<AppFunctionList['functions'][number]['access'], string> = {
  anyone: 'called by the app’s pages',
  'signed-in': 'called by the app’s signed-in users',
  webhook: 'a webhook: anyone may call it from anywhere',
};

/**
 * The secrets a function reads, each marked when this dataset has no value for it (the function
 * gets undefined): what the person must add before it works.
 */
function SecretsRead({ names, set, onAdd }: { names: string[]; set: ReadonlySet<string> | null; onAdd: (name: string) => void }) {
  if (names.length === 0) return null;
  return (
    <span className="flex w-full flex-wrap items-center gap-1.5 text-xs text-muted-foreground" data-testid="function-secrets">
      <KeyRound className="size-3" aria-hidden="true" /> Reads
      {names.map((name) => {
        const missing = set !== null && !set.has(name);
        return (
          <span key={name} className="inline-flex items-center gap-1" data-missing={missing || undefined}>
            <code className="rounded bg-muted px-1 font-mono">{name}</code>
            {missing ? (
              <button
                type="button"
                onClick={() => onAdd(name)}
                aria-label={`${name} is not set: add it`}
                className="rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <Badge variant="warning">not set</Badge>
              </button>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}

/** The version's functions: who may call each, when it runs on its own, the secrets it reads, and "Run now". */
export function FunctionList({
  sproutId,
  dataset,
  list,
  onAddSecret,
}: {
  sproutId: string;
  dataset: Dataset;
  list: AppFunctionList;
  onAddSecret: (name: string) => void;
}) {
  const run = useRunFunction(sproutId, dataset);
  const secrets = useSecrets(sproutId, dataset, { enabled: true });
  const set = secrets.data ? new Set(secrets.data.secrets.map((s) => s.name)) : null;
  return (
    <div className="grid gap-2">
      {list.problems.length > 0 ? (
        <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm" data-testid="function-problems">
          <p className="font-medium">Some functions do not build, so they cannot be called:</p>
          <ul className="mt-1 list-disc pl-5">
            {list.problems.map((p) => (
              <li key={`${p.file}:${p.line}:${p.message}`}>
                <span className="font-mono">
                  {p.file}
                  {p.line ? `:${p.line}` : ''}
                </span>{' '}
                {p.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ul className="divide-y rounded-lg border" data-testid="function-list">
        {list.functions.map((fn) => (
          <li key={fn.name} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm" data-testid="function">
            <span className="font-mono font-medium">{fn.name}</span>
            <span className="min-w-0 flex-1 text-xs text-muted-foreground">
              {ACCESS[fn.access]}
              {fn.scheduleText ? `; runs ${fn.scheduleText}` : ''}
            </span>
            <Button
              variant="outline"
              size="sm"
              onClick={() => run.mutate(fn.name)}
              disabled={run.isPending && run.variables === fn.name}
              aria-busy={run.isPending && run.variables === fn.name}
              aria-label={`Run ${fn.name} now`}
            >
              {run.isPending && run.variables === fn.name ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Play aria-hidden="true" />}
              Run now
            </Button>
            <SecretsRead names={fn.secrets} set={set} onAdd={onAddSecret} />
          </li>
        ))}
      </ul>
    </div>
  );
}
