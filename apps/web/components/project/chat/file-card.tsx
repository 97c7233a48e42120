'use client';
import { memo, useEffect, useId, useRef, useState } from 'react';
import { ArrowRight, ChevronRight, FileCheck2, FilePen, FilePlus2, FileX2, LoaderCircle, TriangleAlert } from 'lucide-react';
import { cn } from '@/lib/cn';
import { lineCount } from './run-labels';
import type { FilePart } from './run-view';

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(n < 10 * 1024 ? 1 : 0)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

const LABEL: Record<FilePart['status'], string> = {
  writing: 'Writing',
  written: 'Updated',
  edited: 'Edited',
  deleted: 'Deleted',
  renamed: 'Renamed',
  skipped: 'Not applied',
};

function StatusIcon({ part }: { part: FilePart }) {
  const cls = 'size-4 shrink-0';
  switch (part.status) {
    case 'writing':
      return <LoaderCircle className={cn(cls, 'text-primary motion-safe:animate-spin')} aria-hidden="true" />;
    case 'written':
      return part.created ? (
        <FilePlus2 className={cn(cls, 'text-primary')} aria-hidden="true" />
      ) : (
        <FileCheck2 className={cn(cls, 'text-primary')} aria-hidden="true" />
      );
    case 'edited':
    case 'renamed':
      return <FilePen className={cn(cls, 'text-primary')} aria-hidden="true" />;
    case 'deleted':
      return <FileX2 className={cn(cls, 'text-destructive')} aria-hidden="true" />;
    case 'skipped':
      return <TriangleAlert className={cn(cls, 'text-warning')} aria-hidden="true" />;
  }
}

function meta(part: FilePart): string {
  if (part.status === 'edited') return part.blocks ? `${part.blocks} change${part.blocks === 1 ? '' : 's'}` : '';
  if (part.status === 'deleted' || part.status === 'renamed') return '';
  const lines = lineCount(part.content);
  const parts: string[] = [];
  if (lines) parts.push(`${lines} line${lines === 1 ? '' : 's'}`);
  if (part.bytes !== null) parts.push(formatBytes(part.bytes));
  return parts.join(' · ');
}

/**
 * One file a reply writes, edits, deletes or renames: live while it streams (spinner, growing line
 * count; expand to watch the content arrive), then its outcome. Collapsed by default, so the chat
 * does not jump while long files stream.
 */
export const FileCard = memo(function FileCard({ part }: { part: FilePart }) {
  const [open, setOpen] = useState(false);
  const contentId = useId();
  const pre = useRef<HTMLPreElement>(null);
  const hasContent = part.content.length > 0;
  const slash = part.path.lastIndexOf('/');
  const dir = slash === -1 ? '' : part.path.slice(0, slash + 1);
  const name = part.path.slice(slash + 1);
  const label = part.status === 'written' && part.created ? 'Created' : LABEL[part.status];
  const info = meta(part);

  // Watching a file stream: keep its newest lines in view.
  useEffect(() => {
    if (open && part.status === 'writing' && pre.current) pre.current.scrollTop = pre.current.scrollHeight;
  }, [open, part.status, part.content]);

  const header = (
    <>
      <StatusIcon part={part} />
      <span className="min-w-0 flex-1 truncate text-left font-mono text-xs" title={part.path}>
        {part.from ? (
          <>
            <span className="text-muted-foreground">{part.from.split('/').pop()}</span>
            <ArrowRight className="mx-1 inline size-3 align-[-2px] text-muted-foreground" aria-hidden="true" />
          </>
        ) : null}
        <span className="text-muted-foreground">{dir}</span>
        <span className={cn('font-medium text-foreground', part.status === 'deleted' && 'line-through decoration-destructive/60')}>{name}</span>
      </span>
      <span className="sr-only">{label}</span>
      {info ? <span className="shrink-0 text-[11px] text-muted-foreground tabular-nums">{info}</span> : null}
    </>
  );

  return (
    <li data-testid="file-card" data-path={part.path} data-status={part.status} className="min-w-0">
      {hasContent ? (
        <button
          type="button"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={contentId}
          className="flex w-full min-w-0 items-center gap-2 px-3 py-2 outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset"
        >
          {header}
          <ChevronRight className={cn('size-3.5 shrink-0 text-muted-foreground transition-transform', open && 'rotate-90')} aria-hidden="true" />
        </button>
      ) : (
        <div className="flex min-w-0 items-center gap-2 px-3 py-2">{header}</div>
      )}
      {part.problem ? <p className="px-3 pb-2 pl-9 text-xs text-muted-foreground">{part.problem}</p> : null}
      {open && hasContent ? (
        <pre
          id={contentId}
          ref={pre}
          tabIndex={0}
          aria-label={`Content of ${part.path}`}
          className="max-h-64 overflow-auto border-t bg-muted/40 px-3 py-2 font-mono text-[11px] leading-relaxed whitespace-pre text-foreground/90 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset"
        >
          {part.content}
        </pre>
      ) : null}
    </li>
  );
});

/** Consecutive file cards of a reply, as one bordered list. */
export function FileCardList({ parts }: { parts: FilePart[] }) {
  return (
    <ul aria-label="Files" className="my-2 divide-y overflow-hidden rounded-xl border bg-card text-card-foreground shadow-xs">
      {parts.map((p) => (
        <FileCard key={p.id} part={p} />
      ))}
    </ul>
  );
}
