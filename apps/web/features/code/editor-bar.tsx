'use client';
import { AlertCircle, FolderTree, Lock, LoaderCircle, Save, Undo2 } from 'lucide-react';
import { Button } from '@/ui/button';
import type { SaveConflict } from './use-save-file';

/** Above the editor: the file list toggle (phones), the open file's path, its state, discard and save. */
export function EditorBar({
  path,
  readOnly,
  dirty,
  saving,
  treeOpen,
  onToggleTree,
  onDiscard,
  onSave,
}: {
  path: string | null;
  readOnly: boolean;
  dirty: boolean;
  saving: boolean;
  treeOpen: boolean;
  onToggleTree: () => void;
  onDiscard: () => void;
  onSave: () => void;
}) {
  return (
    <div className="flex h-10 shrink-0 items-center gap-2 border-b px-2">
      <Button variant="ghost" size="icon" className="size-8 sm:hidden" onClick={onToggleTree} aria-label="Show files" aria-expanded={treeOpen}>
        <FolderTree aria-hidden="true" />
      </Button>
      {/* A long path loses its folders' end, never the file's name. */}
      <p className="flex min-w-0 flex-1 font-mono text-xs" title={path ?? undefined} data-testid="code-path">
        <span className="min-w-0 truncate whitespace-pre text-muted-foreground">{path?.slice(0, path.lastIndexOf('/') + 1)}</span>
        <span className="max-w-full shrink-0 truncate font-medium">{path?.slice(path.lastIndexOf('/') + 1)}</span>
      </p>
      {readOnly ? (
        <span
          className="inline-flex shrink-0 items-center gap-1 rounded-full bg-muted px-2 py-0.5 text-[11px] text-muted-foreground"
          data-testid="code-readonly"
        >
          <Lock className="size-3" aria-hidden="true" /> <span className="hidden sm:inline">Read-only while Sprout works</span>
          <span className="sm:hidden">Read-only</span>
        </span>
      ) : dirty ? (
        <span className="inline-flex shrink-0 items-center gap-1.5 text-[11px] text-muted-foreground" data-testid="code-unsaved">
          <span className="size-1.5 rounded-full bg-primary" aria-hidden="true" /> Unsaved
        </span>
      ) : null}
      {dirty ? (
        <Button variant="ghost" size="sm" className="h-8 px-2" onClick={onDiscard} aria-label="Discard changes" title="Discard changes">
          <Undo2 aria-hidden="true" />
        </Button>
      ) : null}
      <Button size="sm" className="h-8" onClick={onSave} disabled={!dirty || readOnly || saving} data-testid="code-save" title="Save (Ctrl/Cmd+S)">
        {saving ? <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />} Save
      </Button>
    </div>
  );
}

/** A save over a version that moved on: keep the edit, and reload or overwrite. */
export function ConflictBar({
  conflict,
  onReload,
  onOverwrite,
  busy,
}: {
  conflict: SaveConflict;
  onReload: () => void;
  onOverwrite: (() => void) | null;
  busy: boolean;
}) {
  return (
    <div role="alert" data-testid="code-conflict" className="flex flex-wrap items-center gap-2 border-b border-warning/40 bg-warning/10 px-3 py-2 text-xs">
      <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1">{conflict.message}</p>
      <Button size="sm" variant="outline" className="h-7" onClick={onReload} data-testid="code-reload">
        Load the latest version
      </Button>
      {onOverwrite ? (
        <Button size="sm" variant="outline" className="h-7" onClick={onOverwrite} disabled={busy}>
          Save mine over it
        </Button>
      ) : null}
    </div>
  );
}
