'use client';
import type { AppFunctionList, Dataset } from '@sprout/core/contract';
import { Loader2, Play } from 'lucide-react';
import { Button } from '@/ui/button';
import { useRunFunction } from './queries';

const ACCESS: Record<AppFunctionList['functions'][number]['access'], string> = {
  anyone: 'called by the app’s pages',
  'signed-in': 'called by the app’s signed-in users',
  webhook: 'a webhook: anyone may call it from anywhere',
};

/** The version's functions: who may call each, when it runs on its own, and "Run now". */
export function FunctionList({ sproutId, dataset, list }: { sproutId: string; dataset: Dataset; list: AppFunctionList }) {
  const run = useRunFunction(sproutId, dataset);
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
          </li>
        ))}
      </ul>
    </div>
  );
}
