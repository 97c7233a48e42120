'use client';
import { useCallback, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AlertCircle, FileCode2, FolderTree, Lock, LoaderCircle, RotateCw, Save, Undo2 } from 'lucide-react';
import { useAuth } from '@/lib/client/auth';
import { clientOnly } from '@/lib/client/client-only';
import { ApiError } from '@/lib/client/api';
import type { Sprout } from '@/lib/client/types';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useBuildApi } from './build-api';
import { PanelEmptyState } from './panel-empty-state';
import { buildKeys, type ProjectFile, type VersionDto } from './chat/types';
import { selectActiveRunId, useChatSession, useChatState } from './chat/use-chat-session';
import { ancestorsOf, buildTree, defaultFile } from './code/file-tree';
import { FileTreeView } from './code/file-tree-view';
import { useFirstVisible } from './code/use-first-visible';
import { useSaveFile, type Draft } from './code/use-save-file';

// CodeMirror is its own chunk, fetched when the Code tab is first opened.
const CodeEditor = clientOnly(
  () => import('./code/code-editor'),
  <div className="grid gap-2 p-4" aria-busy="true" aria-label="Loading the editor" data-testid="code-editor-loading">
    {[72, 56, 64, 40, 80, 52].map((w, i) => (
      <Skeleton key={i} className="h-3.5" style={{ width: `${w}%` }} />
    ))}
  </div>,
);

export interface CodePanelProps {
  sprout: Sprout;
}

interface FilesAnswer {
  version: VersionDto;
  files: ProjectFile[];
}

/**
 * The project's files: a folder tree of the current version and a CodeMirror editor. Saving
 * (button or Ctrl/Cmd+S) stores a new version; while Sprout is writing the project the editor is
 * read-only. A new version (a reply, a restore) shows up here by itself; unsaved edits are kept,
 * and a save over a version that moved on explains the conflict and offers to reload.
 */
export function CodePanel({ sprout }: CodePanelProps) {
  const [rootRef, visible] = useFirstVisible<HTMLDivElement>();
  const { status } = useAuth();
  const buildApi = useBuildApi();
  const session = useChatSession(sprout.id);
  const activeRunId = useChatState(session, selectActiveRunId);
  const versionId = sprout.currentVersionId;

  const files = useQuery({
    queryKey: buildKeys.files(sprout.id, versionId),
    queryFn: () => buildApi<FilesAnswer>('GET', `/sprouts/${encodeURIComponent(sprout.id)}/files${versionId ? `?version=${encodeURIComponent(versionId)}` : ''}`),
    enabled: visible && status === 'signed-in',
    // A version never changes; a new one is a new key (the old files stay on screen until it loads).
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });

  const list = files.data?.files;
  const paths = useMemo(() => (list ?? []).map((f) => f.path), [list]);
  const tree = useMemo(() => buildTree(paths), [paths]);
  const [selected, setSelected] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [treeOpen, setTreeOpen] = useState(false);

  // Open the main file first; when the open file disappears in a new version, fall back to it.
  useEffect(() => {
    if (!list) return;
    if (selected && (paths.includes(selected) || drafts[selected])) return;
    const next = defaultFile(paths);
    setSelected(next);
    if (next) setExpanded((e) => new Set([...e, ...ancestorsOf(next)]));
  }, [list, paths, selected, drafts]);

  const file = list?.find((f) => f.path === selected) ?? null;
  const draft = selected ? drafts[selected] : undefined;
  const value = draft?.content ?? file?.content ?? '';
  const dirty = !!draft && draft.content !== (file?.content ?? null);
  const stale = !!draft && !!files.data && draft.baseVersionId !== files.data.version.id;
  const readOnly = !!activeRunId;
  const unsaved = useMemo(() => new Set(Object.keys(drafts)), [drafts]);

  const save = useSaveFile(sprout, setDrafts);

  const onChange = useCallback(
    (content: string) => {
      if (!selected || !files.data) return;
      const path = selected;
      const base = files.data.version.id;
      const original = files.data.files.find((f) => f.path === path)?.content;
      setDrafts((d) => {
        if (content === original && (!d[path] || d[path].baseVersionId === base)) {
          const { [path]: _, ...rest } = d;
          return rest;
        }
        return { ...d, [path]: { content, baseVersionId: d[path]?.baseVersionId ?? base } };
      });
    },
    [selected, files.data],
  );

  const onSave = useCallback(() => {
    if (!selected || !draft || readOnly || save.saving) return;
    void save.save(selected, draft);
  }, [selected, draft, readOnly, save]);

  const discard = useCallback(() => {
    if (!selected) return;
    setDrafts(({ [selected]: _, ...rest }) => rest);
    save.clearConflict();
  }, [selected, save]);

  // Leaving the page with edits that are not saved asks first.
  useEffect(() => {
    if (Object.keys(drafts).length === 0) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [drafts]);

  // Ctrl/Cmd+S anywhere in the panel (the editor handles it itself and marks the event handled).
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.defaultPrevented) return;
    if (e.key.toLowerCase() === 's' && (e.metaKey || e.ctrlKey) && !e.altKey) {
      e.preventDefault();
      onSave();
    }
  };

  const select = useCallback((path: string) => {
    setSelected(path);
    setTreeOpen(false);
  }, []);
  const toggle = useCallback((path: string) => {
    setExpanded((e) => {
      const next = new Set(e);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });
  }, []);

  let body;
  if (!versionId) {
    body = (
      <PanelEmptyState icon={FileCode2} title="Your project’s code appears here">
        Browse every file Sprout writes for this project, and edit it by hand when you want to.
      </PanelEmptyState>
    );
  } else if (files.isError && !files.data) {
    body = (
      <div role="alert" className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center" data-testid="code-error">
        <AlertCircle className="size-5 text-destructive" aria-hidden="true" />
        <p className="text-sm font-medium">The files did not load</p>
        <p className="max-w-sm text-sm text-muted-foreground">{files.error instanceof ApiError ? (files.error.serverMessage ?? files.error.statusText) : 'Check your connection.'}</p>
        <Button variant="outline" size="sm" onClick={() => void files.refetch()} disabled={files.isFetching}>
          <RotateCw className={files.isFetching ? 'motion-safe:animate-spin' : undefined} aria-hidden="true" /> Try again
        </Button>
      </div>
    );
  } else if (!files.data) {
    body = (
      <div className="flex h-full" aria-busy={visible ? 'true' : undefined} aria-label="Loading files">
        <div className="hidden w-56 shrink-0 gap-2 border-r p-3 sm:grid sm:content-start">
          {[60, 75, 50, 80, 65, 55].map((w, i) => (
            <Skeleton key={i} className="h-4" style={{ width: `${w}%` }} />
          ))}
        </div>
        <div className="flex-1" />
      </div>
    );
  } else {
    body = (
      <div className="relative flex h-full min-h-0">
        <div
          className={cn(
            'min-h-0 w-60 shrink-0 overflow-y-auto border-r bg-background sm:static sm:block sm:w-56',
            treeOpen ? 'absolute inset-y-0 left-0 z-20 block shadow-xl' : 'hidden',
          )}
        >
          <FileTreeView nodes={tree} selected={selected} expanded={expanded} unsaved={unsaved} onSelect={select} onToggle={toggle} />
        </div>
        {treeOpen ? <button type="button" aria-label="Close the file list" className="absolute inset-0 z-10 bg-black/20 sm:hidden" onClick={() => setTreeOpen(false)} /> : null}

        <section className="flex min-h-0 min-w-0 flex-1 flex-col" aria-label={selected ? `Editor: ${selected}` : 'Editor'}>
          <div className="flex h-10 shrink-0 items-center gap-2 border-b px-2">
            <Button variant="ghost" size="icon" className="size-8 sm:hidden" onClick={() => setTreeOpen((o) => !o)} aria-label="Show files" aria-expanded={treeOpen}>
              <FolderTree aria-hidden="true" />
            </Button>
            <p className="min-w-0 flex-1 truncate font-mono text-xs" title={selected ?? undefined} data-testid="code-path">
              <span className="text-muted-foreground">{selected?.slice(0, selected.lastIndexOf('/') + 1)}</span>
              <span className="font-medium">{selected?.slice(selected.lastIndexOf('/') + 1)}</span>
            </p>
            {readOnly ? (
              <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-muted px-2 py-0.5 text-[11px] text-muted-foreground" data-testid="code-readonly">
                <Lock className="size-3" aria-hidden="true" /> <span className="hidden sm:inline">Read-only while Sprout works</span>
                <span className="sm:hidden">Read-only</span>
              </span>
            ) : dirty ? (
              <span className="inline-flex shrink-0 items-center gap-1.5 text-[11px] text-muted-foreground" data-testid="code-unsaved">
                <span className="size-1.5 rounded-full bg-primary" aria-hidden="true" /> Unsaved
              </span>
            ) : null}
            {dirty ? (
              <Button variant="ghost" size="sm" className="h-8 px-2" onClick={discard} aria-label="Discard changes" title="Discard changes">
                <Undo2 aria-hidden="true" />
              </Button>
            ) : null}
            <Button size="sm" className="h-8" onClick={onSave} disabled={!dirty || readOnly || save.saving} data-testid="code-save" title="Save (Ctrl/Cmd+S)">
              {save.saving ? <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />} Save
            </Button>
          </div>

          {save.conflict && save.conflict.path === selected ? (
            <div role="alert" data-testid="code-conflict" className="flex flex-wrap items-center gap-2 border-b border-warning/40 bg-warning/10 px-3 py-2 text-xs">
              <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
              <p className="min-w-0 flex-1">{save.conflict.message}</p>
              <Button size="sm" variant="outline" className="h-7" onClick={discard} data-testid="code-reload">
                Load the latest version
              </Button>
              {save.conflict.canOverwrite && draft ? (
                <Button size="sm" variant="outline" className="h-7" onClick={() => void save.save(selected!, draft, { overwrite: true })} disabled={save.saving || readOnly}>
                  Save mine over it
                </Button>
              ) : null}
            </div>
          ) : stale && dirty ? (
            <p className="border-b bg-muted/50 px-3 py-1.5 text-[11px] text-muted-foreground">
              A newer version was saved while you edited this file. Saving will ask what to keep.
            </p>
          ) : null}

          <div className="min-h-0 flex-1">
            {selected && (file || draft) ? (
              <CodeEditor docKey={selected} path={selected} value={value} readOnly={readOnly} onChange={onChange} onSave={onSave} />
            ) : (
              <PanelEmptyState icon={FileCode2} title="Pick a file">
                Choose a file on the left to read or edit it.
              </PanelEmptyState>
            )}
          </div>
        </section>
      </div>
    );
  }

  return (
    <div ref={rootRef} data-testid="code-panel" data-version-id={files.data?.version.id} className="h-full min-h-0" onKeyDown={onKeyDown}>
      {body}
    </div>
  );
}
