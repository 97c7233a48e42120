import type { PickerCommand } from '@sprout/core';
import type { Version, VisualChange, VisualEdit } from '@sprout/core/contract';
import { errorText } from '@/lib/api/error-text';
import type { VisualEditCalls } from './api';

export interface EditSessionDeps {
  sproutId: string;
  calls: () => Pick<VisualEditCalls, 'visualEdits' | 'undoVisualEdit'>;
  /** The version the preview shows: what edits are made on. */
  currentVersionId: () => string | null;
  /** Posts a command to the preview's picker (the instant preview of a change, and taking it back). */
  post: (command: PickerCommand) => void;
  /** A version was made (a save, an undo, a redo): the project and its preview move to it. */
  madeVersion: (version: Version, what: 'saved' | 'undone' | 'redone') => void;
  /** A save, undo or redo was refused: said to the person; nothing of it is kept. */
  failed: (message: string) => void;
  /** How long after the last change the group is saved (the person has stopped). */
  quietMs?: number;
}

export interface EditSessionState {
  /** Changes shown in the preview and not saved yet. */
  pending: number;
  saving: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

/** A change with what the preview shows of it at once (inline styles, the text). */
export interface PendingChange {
  loc: string;
  edit: VisualEdit;
  preview: { text?: string; style?: Record<string, string | null> } | null;
}

const keyOf = (loc: string, change: VisualChange) => `${loc}\0${change.type === 'style' ? change.property : change.type.replace('image-upload', 'image')}`;

/**
 * The person's visual edits of one project: each change shows in the preview at once; changes made
 * close together become one version when the person stops (or saves); undo takes the last group back
 * (unsaved changes are simply dropped; a saved one becomes a version with the files it was made
 * from), redo makes it again on the current version. Nothing here calls a model.
 */
export class EditSession {
  private pending = new Map<string, PendingChange>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private busy: Promise<void> = Promise.resolve();
  private saving = false;
  private readonly undos: { versionId: string; edits: VisualEdit[] }[] = [];
  private readonly redos: VisualEdit[][] = [];
  private readonly own = new Set<string>();
  private state: EditSessionState = { pending: 0, saving: false, canUndo: false, canRedo: false };
  private readonly listeners = new Set<() => void>();

  constructor(private readonly deps: EditSessionDeps) {}

  getSnapshot = (): EditSessionState => this.state;
  subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  private publish(): void {
    const next = { pending: this.pending.size, saving: this.saving, canUndo: this.pending.size > 0 || this.undos.length > 0, canRedo: this.redos.length > 0 };
    if (Object.entries(next).every(([k, v]) => this.state[k as keyof EditSessionState] === v)) return;
    this.state = next;
    for (const l of this.listeners) l();
  }

  /** One change: shown now, saved with the others once the person stops. A later change of the same thing replaces it. */
  change(c: PendingChange): void {
    this.pending.set(keyOf(c.loc, c.edit.change), c);
    if (c.preview) this.deps.post({ type: 'preview-change', loc: c.loc, change: c.preview });
    this.redos.length = 0;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.save(), this.deps.quietMs ?? 1200);
    this.publish();
  }

  /** Saves the changes so far as one version (Save, or the person stopped). */
  save(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    return this.queue(async () => {
      if (this.pending.size === 0) return;
      const edits = [...this.pending.values()].map((c) => c.edit);
      this.pending.clear();
      const made = await this.make(edits, 'saved');
      if (made) this.undos.push({ versionId: made.id, edits });
    });
  }

  undo(): Promise<void> {
    if (this.pending.size > 0) {
      if (this.timer) clearTimeout(this.timer);
      this.pending.clear();
      this.deps.post({ type: 'clear-preview-changes' });
      this.publish();
      return Promise.resolve();
    }
    return this.queue(async () => {
      const last = this.undos.pop();
      if (!last) return;
      try {
        const { version } = await this.deps.calls().undoVisualEdit(this.deps.sproutId, last.versionId);
        this.own.add(version.id);
        this.redos.push(last.edits);
        this.deps.madeVersion(version, 'undone');
      } catch (err) {
        this.deps.failed(`Could not undo: ${errorText(err, { otherwise: 'something went wrong.' })}`);
      }
    });
  }

  redo(): Promise<void> {
    return this.queue(async () => {
      const edits = this.redos.pop();
      if (!edits) return;
      const made = await this.make(edits, 'redone');
      if (made) this.undos.push({ versionId: made.id, edits });
    });
  }

  /** Whether this session made `versionId` (a version it did not make ends what it can undo). */
  made(versionId: string): boolean {
    return this.own.has(versionId);
  }

  /** The project moved on without this session (a reply, a manual edit): what was undoable here no longer is. */
  forget(): void {
    this.undos.length = 0;
    this.redos.length = 0;
    this.publish();
  }

  private async make(edits: VisualEdit[], what: 'saved' | 'redone'): Promise<Version | null> {
    const base = this.deps.currentVersionId();
    if (!base) return null;
    try {
      const { version } = await this.deps.calls().visualEdits(this.deps.sproutId, base, edits);
      this.own.add(version.id);
      this.deps.madeVersion(version, what);
      return version;
    } catch (err) {
      this.deps.post({ type: 'clear-preview-changes' });
      this.deps.failed(`Could not save the change: ${errorText(err, { otherwise: 'something went wrong.' })}`);
      return null;
    }
  }

  private queue(work: () => Promise<void>): Promise<void> {
    const run = this.busy.then(async () => {
      this.saving = true;
      this.publish();
      try {
        await work();
      } finally {
        this.saving = false;
        this.publish();
      }
    });
    this.busy = run;
    return run;
  }
}
