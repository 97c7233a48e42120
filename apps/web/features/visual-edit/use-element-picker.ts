'use client';
import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import { pickerMessage, readElementEvent, type PickerCommand } from '@sprout/core';
import type { Sprout, Version } from '@sprout/core/contract';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/browser/toast';
import { useCalls } from '@/lib/api/services';
import { versionNameInline } from '@/lib/version-label';
import { showNewVersion } from '@/features/versions';
import { visualEditCalls } from './api';
import { EditSession } from './edit-session';
import { selectionFor } from './selection-store';
import { useSelection } from './use-selection';

const sessions = new Map<string, EditSession>();

/** Whether a key press is the pick shortcut (Alt+E; the key's place, so macOS's Option letters count too). */
const isPickShortcut = (e: { altKey: boolean; ctrlKey: boolean; metaKey: boolean; code: string }) => e.altKey && !e.ctrlKey && !e.metaKey && e.code === 'KeyE';

/**
 * The element picker of a project's preview: pick mode and the selection follow the frame's picker
 * (its events, from the preview's origin and our frame only), the selection is told again to each
 * new page the frame loads, and edits go through the project's edit session.
 */
export function useElementPicker(sprout: Sprout, frame: RefObject<HTMLIFrameElement | null>, origin: string | null) {
  const selection = selectionFor(sprout.id);
  const state = useSelection(sprout.id);
  const calls = useCalls(visualEditCalls);
  const qc = useQueryClient();
  const latest = useRef({ sprout, calls, qc, origin });
  latest.current = { sprout, calls, qc, origin };

  const post = useCallback(
    (command: PickerCommand) => {
      const target = frame.current?.contentWindow;
      if (target && latest.current.origin) target.postMessage(pickerMessage(command), latest.current.origin);
    },
    [frame],
  );

  const session = useMemo(() => {
    let s = sessions.get(sprout.id);
    if (!s) {
      s = new EditSession({
        sproutId: sprout.id,
        calls: () => latest.current.calls,
        currentVersionId: () => latest.current.sprout.currentVersionId,
        post: (c) => post(c),
        madeVersion: (version: Version, what) => {
          showNewVersion(latest.current.qc, latest.current.sprout, version);
          const name = versionNameInline(version.number);
          toast.success(what === 'undone' ? `Undone as ${name}` : what === 'redone' ? `Redone as ${name}` : `Saved as ${name}`);
        },
        failed: (message) => toast.error(message),
      });
      sessions.set(sprout.id, s);
    }
    return s;
  }, [sprout.id, post]);

  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow) return;
      const e = readElementEvent(event, origin);
      if (!e) return;
      const selected = selection.getSnapshot().selected;
      if (e.event === 'selected') selection.select(e.element);
      // The picker follows its selected node: after a version its place in the source may be another line.
      else if (e.event === 'moved') selection.follow(e.element);
      else if (e.event === 'lost' && selected?.loc === e.loc) selection.clear();
      else if (e.event === 'cancel') selection.setPicking(false);
      else if (e.event === 'text' && selected?.loc === e.loc) {
        session.change({
          loc: e.loc,
          edit: { element: { file: selected.file, line: selected.line, column: selected.column }, change: { type: 'text', value: e.text } },
          preview: null,
        });
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, frame, selection, session]);

  // The frame's picker learns pick mode and the selection, again after each page it loads.
  const tell = useCallback(() => {
    const now = selection.getSnapshot();
    post({ type: 'pick', on: now.picking });
    post({ type: 'select', loc: now.selected?.loc ?? null });
  }, [post, selection]);
  useEffect(tell, [tell, state.picking, state.selected?.loc, origin]);

  // A version made elsewhere (a reply, a manual edit) ends what this session could undo.
  const version = sprout.currentVersionId;
  useEffect(() => {
    if (version && !session.made(version)) session.forget();
  }, [version, session]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isPickShortcut(e)) {
        e.preventDefault();
        selection.setPicking(!selection.getSnapshot().picking);
      } else if (e.key === 'Escape' && selection.getSnapshot().picking) selection.setPicking(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [selection]);

  return { state, selection, session, post, onFrameLoad: tell };
}
