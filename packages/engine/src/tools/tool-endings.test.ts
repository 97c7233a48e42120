import { describe, expect, it } from 'vitest';
import type { RunEventRecorder } from '../run/event-recorder';
import { RunFailure } from '../run/run-failure';
import { settleToolUse } from './tool-endings';
import { ToolSession } from './tool-session';

const recorder = () => {
  const events: { type: string; data: unknown }[] = [];
  return { events, rec: { emit: (type: string, data: unknown) => events.push({ type, data }) } as unknown as RunEventRecorder };
};
const session = () => new ToolSession({ steps: 4, tokens: 1000 }, () => 0);

describe('settleToolUse', () => {
  it('leaves a run alone whose model finished', () => {
    expect(settleToolUse(session(), false, recorder().rec)).toBeNull();
  });

  it('ends a run with the question its model asked', () => {
    const s = session();
    s.ask('Which?', ['A']);
    expect(settleToolUse(s, true, recorder().rec)).toEqual({ kind: 'asked', question: 'Which?', options: ['A'] });
  });

  it('fails a loop, and a limit reached without changes, as answers that did not work', () => {
    const loop = session();
    loop.halt({ kind: 'loop', reason: 'I called read_file with the same input 3 times' });
    expect(() => settleToolUse(loop, true, recorder().rec)).toThrow(
      new RunFailure({ code: 'tool_loop', message: 'I was going round in circles (I called read_file with the same input 3 times), so I stopped.' }),
    );
    const limit = session();
    limit.halt({ kind: 'limit', reason: 'I used the 4 tool steps one reply may take on your plan' });
    const failure = (() => {
      try {
        settleToolUse(limit, false, recorder().rec);
      } catch (err) {
        return err as RunFailure;
      }
    })();
    expect(failure).toMatchObject({
      code: 'tool_limit',
      refund: true,
      message: 'I used the 4 tool steps one reply may take on your plan without changing anything, so I stopped.',
    });
  });

  it('leaves the changes of a run that reached its limit to the checks, saying so once', () => {
    const s = session();
    s.halt({ kind: 'limit', reason: 'I used the 4 tool steps one reply may take on your plan' });
    const { events, rec } = recorder();
    expect(settleToolUse(s, true, rec)).toBeNull();
    expect(settleToolUse(s, true, rec)).toBeNull();
    expect(events).toEqual([
      {
        type: 'problem',
        data: {
          kind: 'tool_limit',
          message: 'I used the 4 tool steps one reply may take on your plan, so I stopped using tools; the changes so far are checked.',
        },
      },
    ]);
  });
});
