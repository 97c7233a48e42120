import type { ApplyProblem } from '../apply/apply-edits';
import { describeProviderError, isProviderError } from '../models/provider-errors';
import { TurnAbortedError } from './model-turn';

/**
 * How a run failed, as the chat shows it. `refund` (default true) gives a message-run's reserved
 * message back: only for what the person could not cause (provider errors, timeouts, restarts).
 */
export interface Failure {
  code: string;
  message: string;
  refund?: boolean;
}

/** A run ends failed with this: thrown by its steps, or the abort reason of a timeout or shutdown. */
export class RunFailure extends Error implements Failure {
  override name = 'RunFailure';
  readonly code: string;
  readonly refund: boolean;
  constructor(failure: Failure) {
    super(failure.message);
    this.code = failure.code;
    this.refund = failure.refund ?? true;
  }
}

/**
 * A run ended early without failing: the person pressed stop, or it was lost (another instance
 * ended it, taking it for orphaned: nothing more is written for it).
 */
export class RunAbort extends Error {
  override name = 'RunAbort';
  constructor(readonly reason: 'stop' | 'lost') {
    super(reason);
  }
}

/** What the person sees when the process writing their reply died or restarted (also on shutdown). */
export const INTERRUPTED_FAILURE: Failure = {
  code: 'interrupted',
  message: 'Sprout restarted while writing this reply. Your project was not changed and this message was not counted; send it again.',
};

export const TIMEOUT_FAILURE: Failure = {
  code: 'timeout',
  message: 'The reply took too long and was stopped. Your project was not changed; try a smaller request.',
};

export const VERSION_CONFLICT_FAILURE: Failure = {
  code: 'version_conflict',
  message: 'The project was changed while this reply was written, so its changes were not applied. Send the message again.',
};

const TURN_INTERRUPTED: Failure = { code: 'interrupted', message: 'The reply was interrupted. Your project was not changed.' };

const INTERNAL_ERROR: Failure = {
  code: 'internal_error',
  message: 'Something went wrong while writing this reply. Your project was not changed; please try again.',
};

/**
 * The answer tried a path outside the rules: the whole run is refused. Not refunded: the prompt
 * can ask for such a path on purpose, and a refund would make every answer streamed before the
 * refusal free.
 */
export function forbiddenPathFailure(problem: ApplyProblem): RunFailure {
  return new RunFailure({
    code: 'forbidden_path',
    refund: false,
    message: `Refused the answer: it tried a ${problem.action} of ${JSON.stringify(problem.path).slice(0, 120)}, which is not allowed (${problem.message.replace(/^Refused [^:]*: /, '')}). Nothing was changed.`,
  });
}

/** Where an answer stopped inside a block: its path, and how many of its lines had arrived (unknown for edits). */
export interface CutOff {
  path: string;
  lines: number | null;
  /** Cut off by the output limit (and still so after the continuations), rather than ended by the model. */
  byLimit: boolean;
  continuations: number;
}

/**
 * The answer ended inside a file: the whole run is refused rather than committing the files that
 * came before it without the one it was writing. Refunded: an output limit is not the person's doing.
 */
export function answerCutOffFailure(cut: CutOff): RunFailure {
  const where = `inside ${cut.path}${cut.lines === null ? '' : cut.lines === 0 ? ' (at its start)' : ` (after line ${cut.lines})`}`;
  const asked = cut.continuations === 0 ? '' : `, even after it was asked to continue${cut.continuations > 1 ? ` ${cut.continuations} times` : ''}`;
  const what = cut.byLimit ? `The model's answer was cut off ${where}${asked}.` : `The model's answer ended ${where} before the file was finished.`;
  return new RunFailure({
    code: 'answer_cut_off',
    message: `${what} Nothing was changed and this message was not counted. Try again, or ask for a smaller change.`,
  });
}

/**
 * How a run that threw `err` ends: stopped, lost, or failed with what the chat shows. The signal's
 * reason (stop, timeout, shutdown, lost) wins over the error it caused. `onUnexpected` hears of
 * errors that are our own bugs rather than a provider's or the person's doing.
 */
export function runEnding(
  err: unknown,
  signal: AbortSignal,
  model: { id: string; provider?: string },
  onUnexpected: (err: unknown) => void,
): 'stop' | 'lost' | Failure {
  const cause = signal.reason instanceof RunAbort || signal.reason instanceof RunFailure ? signal.reason : err;
  if (cause instanceof RunAbort) return cause.reason;
  if (cause instanceof RunFailure) return cause;
  if (cause instanceof TurnAbortedError) return TURN_INTERRUPTED;
  if (isProviderError(cause)) return describeProviderError(cause, model.id, model.provider);
  onUnexpected(cause);
  return INTERNAL_ERROR;
}
