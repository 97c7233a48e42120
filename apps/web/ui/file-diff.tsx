'use client';
import type { FileDiff } from '@sprout/core/contract';
import { useState } from 'react';
import { ChevronRight, FileMinus2, FilePen, FilePlus2 } from 'lucide-react';
import { cn } from '@/lib/cn';
import { splitPath } from '@/lib/middle-truncate';
import { MiddleText } from './middle-text';

// One file's unified diff, collapsible, each line coloured by kind: a version's changes (History)
// and a failed attempt's (the chat) look the same.

const MAX_LINES = 400;

type LineKind = 'header' | 'hunk' | 'add' | 'del' | 'context';

const LINE_CLASS: Record<LineKind, string> = {
  header: 'text-muted-foreground',
  hunk: 'bg-primary/5 text-primary',
  add: 'bg-emerald-500/10 text-emerald-800 dark:text-emerald-300',
  del: 'bg-red-500/10 text-red-800 dark:text-red-300',
  context: 'text-foreground/80',
};

function lineKind(line: string): LineKind {
  if (line.startsWith('+++') || line.startsWith('---')) return 'header';
  if (line.startsWith('@@')) return 'hunk';
  if (line.startsWith('+')) return 'add';
  if (line.startsWith('-')) return 'del';
  return 'context';
}

export function FileDiffView({ file, defaultOpen }: { file: FileDiff; defaultOpen: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const [all, setAll] = useState(false);
  const lines = file.diff ? file.diff.replace(/\n$/, '').split('\n') : [];
  const shown = all ? lines : lines.slice(0, MAX_LINES);
  const Icon = file.status === 'added' ? FilePlus2 : file.status === 'removed' ? FileMinus2 : FilePen;
  return (
    <li className="min-w-0" data-testid="diff-file" data-path={file.path} data-status={file.status}>
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        className="flex w-full min-w-0 items-center gap-2 px-3 py-2 text-left outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset"
      >
        <ChevronRight className={cn('size-3.5 shrink-0 text-muted-foreground transition-transform', open && 'rotate-90')} aria-hidden="true" />
        <Icon className={cn('size-3.5 shrink-0', file.status === 'removed' ? 'text-destructive' : 'text-primary')} aria-hidden="true" />
        <MiddleText head={splitPath(file.path)[0]} tail={splitPath(file.path)[1]} className="flex-1 font-mono text-xs" tailClassName="font-medium" />
        <span className="shrink-0 font-mono text-[11px] tabular-nums">
          <span className="text-emerald-700 dark:text-emerald-400">+{file.additions}</span>{' '}
          <span className="text-red-700 dark:text-red-400">−{file.deletions}</span>
        </span>
      </button>
      {open ? (
        lines.length ? (
          <div className="overflow-x-auto border-t bg-muted/20">
            <pre className="min-w-max py-1 font-mono text-[11px] leading-5" aria-label={`Changes in ${file.path}`}>
              {shown.map((line, i) => (
                <div key={i} data-line={lineKind(line)} className={cn('px-3 whitespace-pre', LINE_CLASS[lineKind(line)])}>
                  {line || ' '}
                </div>
              ))}
            </pre>
            {lines.length > shown.length ? (
              <button type="button" onClick={() => setAll(true)} className="w-full border-t px-3 py-1.5 text-left text-xs text-primary hover:bg-accent/60">
                Show {lines.length - shown.length} more lines
              </button>
            ) : null}
          </div>
        ) : (
          <p className="border-t px-3 py-2 text-xs text-muted-foreground">No text changes to show (an image module).</p>
        )
      ) : null}
    </li>
  );
}
