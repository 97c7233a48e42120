'use client';
import { memo, useEffect, useId, useRef, useState } from 'react';
import { ArrowRight, ChevronRight, Code2, FileCheck2, FilePen, FilePlus2, FileX2, LoaderCircle, TriangleAlert } from 'lucide-react';
import { cn } from '@/lib/cn';
import { splitPath } from '@/lib/middle-truncate';
import { useWorkspaceNav } from '@/features/workspace-nav';
import { lineCount } from './run-labels';
import type { FilePart } from '../session/run-view';

function formatBytes(n: number): string {
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

/** Whether the file is in the project once its reply has ended (what the Code tab can open). */
const KEPT = new Set<FilePart['status']>(['written', 'edited', 'renamed']);

/**
 * One file a reply writes, edits, deletes or renames: live while it streams (spinner, growing line
 * count; expand to watch the content arrive), then its outcome, and "Open in Code" for a file the
 * project keeps. Collapsed by default, so the chat does not jump while long files stream. A long
 * path loses the start of its folders ("…nts/records/"), never the file's name.
 */
const FileCard = memo(function FileCard({ part }: { part: FilePart }) {
  const [open, setOpen] = useState(false);
  const contentId = useId();
  const pre = useRef<HTMLPreElement>(null);
  const nav = useWorkspaceNav();
  const hasContent = part.content.length > 0;
  const [dir, name] = splitPath(part.path);
  const label = part.status === 'written' && part.created ? 'Created' : LABEL[part.status];
  const info = meta(part);

  // Watching a file stream: keep its newest lines in view.
  useEffect(() => {
    if (open && part.status === 'writing' && pre.current) pre.current.scrollTop = pre.current.scrollHeight;
  }, [open, part.status, part.content]);

  const header = (
    <>
      <StatusIcon part={part} />
      <span className="flex min-w-0 flex-1 items-center text-left font-mono text-xs" title={part.path}>
        {part.from ? (
          <>
            <span className="min-w-0 shrink truncate text-muted-foreground">{part.from.split('/').pop()}</span>
            <ArrowRight className="mx-1 size-3 shrink-0 text-muted-foreground" aria-hidden="true" />
          </>
        ) : null}
        {/* Cut at its start ("…nts/records/"): the folders nearest the file stay, never a stray first letter. */}
        <span className="min-w-0 truncate whitespace-pre text-muted-foreground [direction:rtl]">
          <bdi>{dir}</bdi>
        </span>
        <span className={cn('max-w-full shrink-0 truncate font-medium text-foreground', part.status === 'deleted' && 'line-through decoration-destructive/60')}>
          {name}
        </span>
      </span>
      <span className="sr-only">{label}</span>
      {info ? <span className="shrink-0 text-[11px] text-muted-foreground tabular-nums">{info}</span> : null}
    </>
  );

  const openInCode =
    nav && KEPT.has(part.status) ? (
      <button
        type="button"
        onClick={() => nav.openFile(part.path)}
        title="Open in Code"
        data-testid="file-card-open"
        className="flex shrink-0 items-center gap-1 self-stretch px-2.5 text-[11px] text-muted-foreground outline-none hover:bg-accent/60 hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset"
      >
        <Code2 className="size-3.5" aria-hidden="true" />
        <span className="sr-only">Open {part.path} in Code</span>
      </button>
    ) : null;

  return (
    <li data-testid="file-card" data-path={part.path} data-status={part.status} className="min-w-0">
      <div className="flex min-w-0 items-stretch">
        {hasContent ? (
          <button
            type="button"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={contentId}
            className="flex min-w-0 flex-1 items-center gap-2 px-3 py-2 outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset"
          >
            {header}
            <ChevronRight className={cn('size-3.5 shrink-0 text-muted-foreground transition-transform', open && 'rotate-90')} aria-hidden="true" />
          </button>
        ) : (
          <div className="flex min-w-0 flex-1 items-center gap-2 px-3 py-2">{header}</div>
        )}
        {openInCode}
      </div>
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
