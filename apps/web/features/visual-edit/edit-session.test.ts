import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PickerCommand } from '@sprout/core';
import type { Version, VisualEdit } from '@sprout/core/contract';
import { ApiError } from '@/lib/api/client';
import { EditSession, type PendingChange } from './edit-session';

const version = (id: string, number: number): Version => ({
  id,
  number,
  parentId: null,
  source: 'visual',
  summary: null,
  runId: null,
  createdAt: '2026-12-03T00:00:00Z',
});
const element = { file: 'client/src/App.tsx', line: 5, column: 7 };
const loc = 'client/src/App.tsx:5:7';
const style = (property: 'padding' | 'textColor', value: string | null): PendingChange => ({
  loc,
  edit: { element, change: { type: 'style', property, value } },
  preview: { style: { x: value } },
});

function session(opts: { refuse?: boolean } = {}) {
  let current = 'v1';
  let n = 1;
  const saved: { base: string; edits: VisualEdit[] }[] = [];
  const undone: string[] = [];
  const posted: PickerCommand[] = [];
  const made: [string, string][] = [];
  const failed: string[] = [];
  const s = new EditSession({
    sproutId: 's1',
    quietMs: 1000,
    currentVersionId: () => current,
    post: (c) => posted.push(c),
    madeVersion: (v, what) => {
      current = v.id;
      made.push([v.id, what]);
    },
    failed: (m) => failed.push(m),
    calls: () => ({
      visualEdits: async (_s, base, edits) => {
        if (opts.refuse) throw new ApiError(400, 'Bad Request', 'visual_edit_refused', 'This change cannot be made to this element.', {});
        saved.push({ base, edits });
        return { version: version(`v${++n}`, n), changed: ['client/src/App.tsx'] };
      },
      undoVisualEdit: async (_s, versionId) => {
        undone.push(versionId);
        return { version: version(`v${++n}`, n) };
      },
    }),
  });
  return { s, saved, undone, posted, made, failed };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a visual edit session', () => {
  it('shows each change at once and saves changes made close together as one version when the person stops', async () => {
    const { s, saved, posted, made } = session();
    s.change(style('padding', '2'));
    s.change(style('textColor', 'emerald-700'));
    s.change(style('padding', '4'));
    expect(posted.map((p) => p.type)).toEqual(['preview-change', 'preview-change', 'preview-change']);
    expect(s.getSnapshot()).toMatchObject({ pending: 2, canUndo: true });
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(999);
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await s.save();
    expect(saved).toHaveLength(1);
    // The later padding replaced the earlier one.
    expect(saved[0]!.edits.map((e) => e.change)).toEqual([
      { type: 'style', property: 'padding', value: '4' },
      { type: 'style', property: 'textColor', value: 'emerald-700' },
    ]);
    expect(saved[0]!.base).toBe('v1');
    expect(made).toEqual([['v2', 'saved']]);
    expect(s.made('v2')).toBe(true);
  });

  it('undoes unsaved changes in the preview only, and a saved group with a version; redo makes it again', async () => {
    const { s, saved, undone, posted, made } = session();
    s.change(style('padding', '4'));
    await s.undo();
    expect(posted.at(-1)).toEqual({ type: 'clear-preview-changes' });
    expect(s.getSnapshot()).toMatchObject({ pending: 0, canUndo: false });
    await vi.advanceTimersByTimeAsync(2000);
    expect(saved).toEqual([]);

    s.change(style('padding', '4'));
    await s.save();
    await s.undo();
    expect(undone).toEqual(['v2']);
    expect(s.getSnapshot()).toMatchObject({ canUndo: false, canRedo: true });
    await s.redo();
    expect(saved.map((x) => x.base)).toEqual(['v1', 'v3']);
    expect(made.map(([, what]) => what)).toEqual(['saved', 'undone', 'redone']);
    expect(s.getSnapshot()).toMatchObject({ canUndo: true, canRedo: false });
  });

  it('takes the instant preview back and says why when a save is refused', async () => {
    const { s, posted, failed, made } = session({ refuse: true });
    s.change(style('padding', '4'));
    await s.save();
    expect(made).toEqual([]);
    expect(posted.at(-1)).toEqual({ type: 'clear-preview-changes' });
    expect(failed).toEqual(['Could not save the change: This change cannot be made to this element.']);
    expect(s.getSnapshot()).toMatchObject({ pending: 0, saving: false });
  });

  it('forgets what it could undo when the project moves on without it', async () => {
    const { s } = session();
    s.change(style('padding', '4'));
    await s.save();
    s.forget();
    expect(s.getSnapshot().canUndo).toBe(false);
  });
});
