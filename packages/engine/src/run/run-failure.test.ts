import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { TurnAbortedError } from './model-turn';
import { forbiddenPathFailure, INTERRUPTED_FAILURE, RunAbort, runEnding, RunFailure, TIMEOUT_FAILURE, VERSION_CONFLICT_FAILURE } from './run-failure';

const live = new AbortController().signal;
const aborted = (reason: unknown) => {
  const c = new AbortController();
  c.abort(reason);
  return c.signal;
};

function ending(err: unknown, signal = live) {
  const unexpected: unknown[] = [];
  return { ending: runEnding(err, signal, { id: 'openai:gpt-4.1', provider: 'openai' }, (e) => unexpected.push(e)), unexpected };
}

describe('runEnding', () => {
  it('lets the abort reason win over the error it caused', () => {
    const turn = new TurnAbortedError('The run was stopped.');
    expect(ending(turn, aborted(new RunAbort('stop'))).ending).toBe('stop');
    expect(ending(turn, aborted(new RunAbort('lost'))).ending).toBe('lost');
    expect(ending(turn, aborted(new RunFailure(TIMEOUT_FAILURE))).ending).toMatchObject(TIMEOUT_FAILURE);
    expect(
      ending(forbiddenPathFailure({ kind: 'forbidden', action: 'write', path: '../x', message: 'm' }), aborted(new RunFailure(INTERRUPTED_FAILURE))).ending,
    ).toMatchObject({
      code: 'interrupted',
      message: INTERRUPTED_FAILURE.message,
    });
  });

  it('keeps what a step threw, refund included', () => {
    expect(ending(new RunAbort('stop')).ending).toBe('stop');
    expect(ending(new RunFailure(VERSION_CONFLICT_FAILURE)).ending).toMatchObject({ ...VERSION_CONFLICT_FAILURE, refund: true });
    expect(ending(new RunFailure({ code: 'x', message: 'y', refund: false })).ending).toMatchObject({ refund: false });
    expect(ending(new TurnAbortedError('The run was stopped.')).ending).toEqual({
      code: 'interrupted',
      message: 'The reply was interrupted. Your project was not changed.',
    });
  });

  it('explains provider errors and reports only our own bugs as unexpected', () => {
    const call = new APICallError({ message: 'x', url: 'https://api.example.com/v1/chat/completions', requestBodyValues: {}, statusCode: 429 });
    expect(ending(call)).toMatchObject({ ending: { code: 'provider_rate_limit' }, unexpected: [] });
    const bug = new TypeError('x is not a function');
    expect(ending(bug)).toEqual({ ending: { code: 'internal_error', message: expect.stringContaining('Something went wrong') }, unexpected: [bug] });
  });
});

describe('forbiddenPathFailure', () => {
  it('refuses the whole answer, naming the action and the path', () => {
    const f = forbiddenPathFailure({
      kind: 'forbidden',
      action: 'delete',
      path: '/etc/passwd',
      message: 'Refused delete of "/etc/passwd": absolute paths are not allowed',
    });
    expect(f).toBeInstanceOf(RunFailure);
    expect(f).toMatchObject({
      code: 'forbidden_path',
      message: 'Refused the answer: it tried a delete of "/etc/passwd", which is not allowed (absolute paths are not allowed). Nothing was changed.',
    });
  });
});
