'use client';
import type { Sprout } from '@sprout/core/contract';
import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { FileCode2 } from 'lucide-react';
import { useProjectFiles } from './queries';
import { QueryLoadError } from '@/ui/load-error';
import { Skeletons } from '@/ui/skeleton';
import { PanelEmptyState } from '@/ui/panel-empty-state';
import { selectActiveRunId, useChatSession, useChatState } from '@/features/chat';
import { FileBrowser, isSaveShortcut } from './file-browser';
import { useDrafts } from './use-drafts';
import { useFileTreeState } from './use-file-tree-state';
import { useFirstVisible } from '@/ui/use-first-visible';
import { useWorkspaceNav } from '@/features/workspace-nav';

export interface CodePanelProps {
  sprout: Sprout;
}

function FilesSkeleton({ busy }: { busy: boolean }) {
  return (
    <div className="flex h-full" aria-busy={busy ? 'true' : undefined} aria-label="Loading files">
      <Skeletons
        className="hidden w-56 shrink-0 border-r p-3 sm:grid sm:content-start"
        bars={['h-4 w-[60%]', 'h-4 w-[75%]', 'h-4 w-[50%]', 'h-4 w-[80%]', 'h-4 w-[65%]', 'h-4 w-[55%]']}
      />
      <div className="flex-1" />
    </div>
  );
}

/**
 * The project's files: a folder tree of the current version and a CodeMirror editor (./code-editor). While
 * Sprout is writing the project the editor is read-only. A new version (a reply, a restore) shows up
 * here by itself; unsaved edits are kept, and a save over a version that moved on explains the
 * conflict and offers to reload. Nothing is fetched until the tab is first opened.
 */
export function CodePanel({ sprout }: CodePanelProps) {
  const [rootRef, visible] = useFirstVisible<HTMLDivElement>();
  const session = useChatSession(sprout.id);
  const activeRunId = useChatState(session, selectActiveRunId);
  const versionId = sprout.currentVersionId;
  const files = useProjectFiles(sprout.id, versionId, visible);
  const drafts = useDrafts(sprout, files.data);
  const list = files.data?.files;
  const paths = useMemo(() => (list ? list.map((f) => f.path) : null), [list]);
  const tree = useFileTreeState(paths, drafts.hasDraft);

  // A file card asked for a file: open it once it is among the files (its version may still be on its way).
  const request = useWorkspaceNav()?.fileRequest ?? null;
  const handled = useRef(0);
  const { reveal } = tree;
  useEffect(() => {
    if (!request || request.nonce === handled.current || !paths?.includes(request.path)) return;
    handled.current = request.nonce;
    reveal(request.path);
  }, [request, paths, reveal]);

  // …at its line, when the request names one (an element picked in the preview).
  const revealLine = useMemo(() => (request?.line ? { path: request.path, line: request.line, nonce: request.nonce } : null), [request]);

  // Ctrl/Cmd+S never opens the browser's "save page" here, whatever the panel shows.
  const onKeyDown = (e: KeyboardEvent) => {
    if (!e.defaultPrevented && isSaveShortcut(e)) e.preventDefault();
  };

  let body;
  if (!versionId) {
    body = (
      <PanelEmptyState icon={FileCode2} title="Your project’s code appears here">
        Browse every file Sprout writes for this project, and edit it by hand when you want to.
      </PanelEmptyState>
    );
  } else if (files.isError && !files.data) {
    body = <QueryLoadError query={files} className="h-full p-6" testId="code-error" title="The files did not load" />;
  } else if (!files.data) {
    body = <FilesSkeleton busy={visible} />;
  } else {
    body = <FileBrowser sproutId={sprout.id} files={files.data} drafts={drafts} tree={tree} readOnly={!!activeRunId} reveal={revealLine} />;
  }

  return (
    <div
      ref={rootRef}
      data-testid="code-panel"
      data-version-id={files.data?.version.id}
      data-selected={tree.selected ?? undefined}
      className="h-full min-h-0"
      onKeyDown={onKeyDown}
    >
      {body}
    </div>
  );
}
