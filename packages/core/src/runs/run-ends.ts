/** A run ends with exactly one of these events (`run.finished`, `run.failed` or `run.stopped`). */
export const TERMINAL_EVENTS: ReadonlySet<string> = new Set(['run.finished', 'run.failed', 'run.stopped']);
