import type { RunEventRecorder } from '../run/event-recorder';
import { RunFailure } from '../run/run-failure';
import type { ToolSession, ToolStop } from './tool-session';

export type AskedStop = Extract<ToolStop, { kind: 'asked' }>;

/**
 * What a model's tool use means for its run once an answer is in: a question for the person ends
 * it (returned); a loop fails it (`tool_loop`: files untouched, the message given back as an answer
 * that did not work); a limit reached without changing anything fails it too (`tool_limit`), one
 * reached after changes leaves them to the checks, saying so; else nothing.
 */
export function settleToolUse(session: ToolSession, changed: boolean, rec: RunEventRecorder): AskedStop | null {
  session.afterTurn();
  const stop = session.stop;
  if (!stop) return null;
  if (stop.kind === 'asked') return stop;
  if (stop.kind === 'loop') throw new RunFailure({ code: 'tool_loop', message: `I was going round in circles (${stop.reason}), so I stopped.` });
  if (!changed) throw new RunFailure({ code: 'tool_limit', message: `${stop.reason} without changing anything, so I stopped.` });
  if (!session.limitTold) {
    session.limitTold = true;
    rec.emit('problem', { kind: 'tool_limit', message: `${stop.reason}, so I stopped using tools; the changes so far are checked.` });
  }
  return null;
}
