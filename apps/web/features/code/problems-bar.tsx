'use client';
import type { FileCheck } from '@sprout/core/contract';
import { AlertCircle, CircleCheck, LoaderCircle, TriangleAlert } from 'lucide-react';
import { cn } from '@/lib/cn';
import { problemsState, problemsSummary, problemText } from './draft-problems';

const SHOWN = 3;

/**
 * Under the editor while a file has unsaved edits: what the checks of a run say of it (./use-draft-check),
 * the first problems in words. Read out politely: it changes after every pause in typing.
 */
export function ProblemsBar({ path, check, checking, failed }: { path: string; check: FileCheck | undefined; checking: boolean; failed: boolean }) {
  const state = problemsState(check, checking, failed);
  const listed = check ? [...check.errors, ...check.warnings].slice(0, SHOWN) : [];
  const Icon = state.kind === 'checking' ? LoaderCircle : state.kind === 'clean' ? CircleCheck : state.kind === 'errors' ? AlertCircle : TriangleAlert;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="code-problems"
      data-state={state.kind}
      className={cn(
        'max-h-28 shrink-0 overflow-y-auto border-t px-3 py-1.5 text-xs',
        state.kind === 'errors'
          ? 'border-destructive/40 bg-destructive/8'
          : state.kind === 'warnings' || state.kind === 'failed'
            ? 'bg-warning/10'
            : 'bg-muted/40',
      )}
    >
      <p className="flex items-center gap-1.5 font-medium">
        <Icon
          className={cn(
            'size-3.5 shrink-0',
            state.kind === 'checking' && 'text-muted-foreground motion-safe:animate-spin',
            state.kind === 'clean' && 'text-primary',
            state.kind === 'errors' && 'text-destructive',
          )}
          aria-hidden="true"
        />
        {problemsSummary(state)}
      </p>
      {listed.length ? (
        <ul className="mt-1 grid gap-0.5 font-mono text-[11px] text-muted-foreground" data-testid="code-problem-list">
          {listed.map((i, n) => (
            <li key={n} className="truncate" title={i.message}>
              {problemText(i, path)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
