import type { PreviewMessage } from '@sprout/core';
import type { ApiCall } from '@/lib/api/client';
import { chatCalls } from '../api';

/**
 * Sends the preview's runtime errors back to Sprout (the chat's `reportRuntimeErrors`) while
 * the run that made the shown version accepts them (`preview.ready.acceptRuntimeErrorsUntil`): once
 * per run, a burst of errors as one report. The API decides whether a free fix run starts.
 */
export class RuntimeErrorForwarder {
  private window: { runId: string; until: number; reported: boolean } | null = null;
  private buffer: PreviewMessage[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly call: () => ApiCall,
    /**
     * Nothing is reported while another run writes the project. The run that made the shown version
     * may still be open (its advisory type check ends after preview.ready): that one does not count.
     */
    private readonly busy: (runId: string) => boolean,
    private readonly onFixStarted: (runId: string) => void,
  ) {}

  /** A run's version is in the preview now (preview.ready with ok). */
  open(runId: string, until: string): void {
    this.window = { runId, until: Date.parse(until), reported: false };
    this.buffer = [];
  }

  onMessage(m: PreviewMessage): void {
    if (m.type !== 'error' && m.type !== 'unhandledrejection') return;
    const w = this.window;
    if (!w || w.reported || Date.now() > w.until || this.busy(w.runId)) return;
    this.buffer.push(m);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.report(), 800);
  }

  private async report(): Promise<void> {
    const w = this.window;
    const buffered = this.buffer.splice(0, this.buffer.length);
    // Only what the bridge of a page the server served reported can ask for a repair: it tags each
    // load. An error posted untagged and then retold with the tag is one error.
    const load = buffered.find((e) => e.load)?.load;
    const errors = buffered.filter((e, i) => e.load === load && buffered.findIndex((o) => o.load === load && o.message === e.message) === i).slice(0, 10);
    if (!w || w.reported || errors.length === 0 || !load || this.busy(w.runId)) return;
    w.reported = true;
    try {
      const res = await chatCalls(this.call()).reportRuntimeErrors(w.runId, {
        load,
        errors: errors.map((e) => ({
          message: e.message.slice(0, 2000) || 'Unknown error',
          ...(e.location ? { source: e.location.file.slice(0, 300), line: Math.max(0, Math.min(10_000_000, Math.round(e.location.line))) } : {}),
        })),
      });
      if (res.started && res.runId) this.onFixStarted(res.runId);
    } catch (err) {
      console.warn('Could not report the preview’s runtime errors', err);
    }
  }
}
