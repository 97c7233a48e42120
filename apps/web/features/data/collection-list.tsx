'use client';
import type { DataCollection } from '@sprout/core/contract';
import { cn } from '@/lib/cn';

/** The dataset's collections: a count each and who may do what, in words; one is selected. */
export function CollectionList({
  collections,
  selected,
  onSelect,
}: {
  collections: readonly DataCollection[];
  selected: string | null;
  onSelect: (name: string) => void;
}) {
  return (
    <nav aria-label="Collections">
      <ul className="grid gap-1.5" data-testid="collection-list">
        {collections.map((c) => {
          const current = c.name === selected;
          return (
            <li key={c.name}>
              <button
                type="button"
                aria-current={current ? 'true' : undefined}
                data-testid={`collection-${c.name}`}
                onClick={() => onSelect(c.name)}
                className={cn(
                  'grid w-full gap-1 rounded-lg border px-3 py-2 text-left outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  current && 'border-primary/40 bg-accent',
                )}
              >
                <span className="flex items-baseline justify-between gap-2">
                  <span className="truncate font-medium">{c.name}</span>
                  <span className="shrink-0 text-xs text-muted-foreground tabular-nums" data-testid="collection-count">
                    {c.documents.toLocaleString('en')} {c.documents === 1 ? 'document' : 'documents'}
                  </span>
                </span>
                <span className="text-xs text-muted-foreground" data-testid="collection-rules">
                  {c.rules}
                  {c.declared ? null : <span className="italic"> (no rules declared)</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
