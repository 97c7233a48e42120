import type { RunEventRecorder } from './event-recorder';
import type { RunTally } from './run-tally';
import type { EngineDeps, RunInput } from './run-types';

/** What the steps of one run share. */
export interface RunScope {
  deps: EngineDeps;
  input: RunInput;
  signal: AbortSignal;
  rec: RunEventRecorder;
  tally: RunTally;
}
