import type { RunEvent } from '@sprout/core/contract';

export type Scheduler = (run: () => void) => void;

/** Once per animation frame; a timer where there are no frames (hidden tabs, outside browsers). */
const nextFrame: Scheduler = (run) => {
  if (typeof document !== 'undefined' && document.visibilityState === 'visible' && typeof requestAnimationFrame === 'function') {
    requestAnimationFrame(() => run());
  } else {
    setTimeout(run, 50);
  }
};

/**
 * Text and file deltas arrive many times a second: they are collected and handed on together,
 * once per frame, so the chat renders once per frame however fast the model writes.
 */
export class EventBatch {
  private queue: { runId: string; event: RunEvent }[] = [];
  private scheduled = false;

  constructor(
    private readonly apply: (batch: { runId: string; event: RunEvent }[]) => void,
    private readonly schedule: Scheduler = nextFrame,
  ) {}

  push(runId: string, event: RunEvent): void {
    this.queue.push({ runId, event });
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  /** Hands on what is queued now (a stream ended: its last events must not wait for a frame). */
  flush(): void {
    if (this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    this.apply(batch);
  }
}
