'use client';
import type { FileCheck, ProjectFiles } from '@sprout/core/contract';
import { useCallback, useMemo, useState, type KeyboardEvent } from 'react';
import { FileCode2 } from 'lucide-react';
import { clientOnly } from '@/lib/browser/client-only';
import { Skeletons } from '@/ui/skeleton';
import { cn } from '@/lib/cn';
import { PanelEmptyState } from '@/ui/panel-empty-state';
import { ConflictBar, EditorBar } from './editor-bar';
import { editorProblems } from './draft-problems';
import { FileTreeView } from './file-tree-view';
import { ProblemsBar } from './problems-bar';
import { SaveBrokenDialog } from './save-broken-dialog';
import { useDraftCheck } from './use-draft-check';
import type { Draft } from './use-save-file';
import type { useDrafts } from './use-drafts';
import type { useFileTreeState } from './use-file-tree-state';

// CodeMirror is its own chunk, fetched when the Code tab is first opened.
const CodeEditor = clientOnly(
  () => import('./code-editor'),
  <Skeletons
    className="p-4"
    label="Loading the editor"
    testId="code-editor-loading"
    bars={['h-3.5 w-[72%]', 'h-3.5 w-[56%]', 'h-3.5 w-[64%]', 'h-3.5 w-[40%]', 'h-3.5 w-[80%]', 'h-3.5 w-[52%]']}
  />,
);

/** Ctrl/Cmd+S. */
export function isSaveShortcut(e: KeyboardEvent): boolean {
  return e.key.toLowerCase() === 's' && (e.metaKey || e.ctrlKey) && !e.altKey;
}

/**
 * A version's files: the folder tree and the editor of the open file, with its unsaved edit. Saving
 * (button or Ctrl/Cmd+S anywhere in the panel) stores a new version; `readOnly` while Sprout writes.
 * The edits and the open file are the panel's (they outlive a reload of the files).
 */
export function FileBrowser({
  sproutId,
  files,
  drafts,
  tree,
  readOnly,
  reveal,
}: {
  sproutId: string;
  files: ProjectFiles;
  drafts: ReturnType<typeof useDrafts>;
  tree: ReturnType<typeof useFileTreeState>;
  readOnly: boolean;
  /** A line of a file to show (the Code tab was asked to open it there). */
  reveal?: { path: string; line: number; nonce: number } | null;
}) {
  const { selected } = tree;
  const { save } = drafts;

  const file = files.files.find((f) => f.path === selected) ?? null;
  const draft = selected ? drafts.drafts[selected] : undefined;
  const dirty = !!draft && draft.content !== (file?.content ?? null);
  const stale = !!draft && draft.baseVersionId !== files.version.id;

  const checks = useDraftCheck(sproutId, selected, draft, dirty);
  const { check, checkNow } = checks;
  const problems = useMemo(() => (!dirty ? [] : check && selected ? editorProblems(check, selected) : undefined), [dirty, check, selected]);
  // A save first hears what the checks say of the text as it is: one that would not build asks first.
  const [preparing, setPreparing] = useState(false);
  const [broken, setBroken] = useState<{ path: string; draft: Draft; check: FileCheck } | null>(null);

  const onChange = useCallback((content: string) => selected && drafts.edit(selected, content), [selected, drafts.edit]);
  const onSave = useCallback(async () => {
    if (!selected || !draft || readOnly || save.saving || preparing) return;
    setPreparing(true);
    let result: FileCheck | null = null;
    try {
      result = await checkNow();
    } catch {
      // A check that could not run (offline, too many) never stands in the way of a save: the server stores any text.
    } finally {
      setPreparing(false);
    }
    if (result && (result.errors.length || !result.builds)) setBroken({ path: selected, draft, check: result });
    else void save.save(selected, draft);
  }, [selected, draft, readOnly, save, preparing, checkNow]);
  const discard = () => selected && drafts.discard(selected);

  // The editor handles Ctrl/Cmd+S itself and marks the event handled.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.defaultPrevented || !isSaveShortcut(e)) return;
    e.preventDefault();
    onSave();
  };

  return (
    <div className="relative flex h-full min-h-0" onKeyDown={onKeyDown}>
      <div
        className={cn(
          'min-h-0 w-60 shrink-0 overflow-y-auto border-r bg-background sm:static sm:block sm:w-56',
          tree.treeOpen ? 'absolute inset-y-0 left-0 z-20 block shadow-xl' : 'hidden',
        )}
      >
        <FileTreeView nodes={tree.tree} selected={selected} expanded={tree.expanded} unsaved={drafts.unsaved} onSelect={tree.select} onToggle={tree.toggle} />
      </div>
      {tree.treeOpen ? (
        <button
          type="button"
          aria-label="Close the file list"
          className="absolute inset-0 z-10 bg-black/20 sm:hidden"
          onClick={() => tree.setTreeOpen(false)}
        />
      ) : null}

      <section className="flex min-h-0 min-w-0 flex-1 flex-col" aria-label={selected ? `Editor: ${selected}` : 'Editor'}>
        <EditorBar
          path={selected}
          readOnly={readOnly}
          dirty={dirty}
          saving={save.saving || preparing}
          treeOpen={tree.treeOpen}
          onToggleTree={() => tree.setTreeOpen((o) => !o)}
          onDiscard={discard}
          onSave={onSave}
        />
        {save.conflict && save.conflict.path === selected ? (
          <ConflictBar
            conflict={save.conflict}
            onReload={discard}
            onOverwrite={save.conflict.canOverwrite && draft ? () => void save.save(selected!, draft, { overwrite: true }) : null}
            busy={save.saving || readOnly}
          />
        ) : stale && dirty ? (
          <p className="border-b bg-muted/50 px-3 py-1.5 text-[11px] text-muted-foreground">
            A newer version was saved while you edited this file. Saving will ask what to keep.
          </p>
        ) : null}

        <div className="min-h-0 flex-1">
          {selected && (file || draft) ? (
            <CodeEditor
              docKey={selected}
              path={selected}
              value={draft?.content ?? file?.content ?? ''}
              readOnly={readOnly}
              onChange={onChange}
              onSave={onSave}
              problems={problems}
              reveal={reveal && reveal.path === selected ? reveal : null}
            />
          ) : (
            <PanelEmptyState icon={FileCode2} title="Pick a file">
              Choose a file on the left to read or edit it.
            </PanelEmptyState>
          )}
        </div>
        {dirty && selected && !readOnly ? <ProblemsBar path={selected} check={check} checking={checks.checking} failed={checks.failed} /> : null}
      </section>
      <SaveBrokenDialog
        pending={broken}
        onKeepEditing={() => setBroken(null)}
        onSaveAnyway={() => {
          if (broken) void save.save(broken.path, broken.draft);
          setBroken(null);
        }}
      />
    </div>
  );
}
