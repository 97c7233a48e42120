import { describe, expect, it } from 'vitest';
import { functionFailure } from './function-failures';

const answer = (statusCode: number, body: unknown) => ({
  statusCode,
  headers: { 'content-type': 'application/json' },
  rawPayload: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
});

describe('functionFailure', () => {
  it('makes a module that threw as it loaded an issue of its file', () => {
    const res = answer(500, { code: 'function_error', message: 'The function "notify" failed as it loaded: MAIL_KEY is missing', stage: 'load' });
    expect(functionFailure('/_sprout/v1/functions/notify', res)).toEqual({
      kind: 'function',
      message: expect.stringMatching(/^The function "notify" failed as it loaded: MAIL_KEY is missing\. What a function's top level runs/),
      file: 'functions/notify.ts',
      line: null,
      column: null,
    });
  });

  it.each([
    ['function_timeout', 504, 'ran past its time limit'],
    ['function_stopped', 503, 'went past its CPU or memory limit'],
    ['function_reply_too_large', 502, 'answered with a reply over the size limit'],
  ])('makes %s an issue of the function, quoting the runtime', (code, status, words) => {
    const issue = functionFailure('/_sprout/v1/functions/daily-report', answer(status, { code, message: 'It was stopped after 10 s.' }));
    expect(issue).toMatchObject({ kind: 'function', file: 'functions/daily-report.ts' });
    expect(issue!.message).toBe(`The function "daily-report" ${words} while the app was checked: It was stopped after 10 s.`);
  });

  it('leaves alone what the app may mean: a function that threw while it answered, a refusal, a success', () => {
    const threw = answer(500, { code: 'function_error', message: 'The function "order" failed: quantity must be positive' });
    expect(functionFailure('/_sprout/v1/functions/order', threw)).toBeNull();
    expect(functionFailure('/_sprout/v1/functions/order', answer(400, { code: 'invalid', message: 'no' }))).toBeNull();
    expect(functionFailure('/_sprout/v1/functions/order', answer(200, { ok: true }))).toBeNull();
    // The app's own function answering 500 on purpose is its reply, not the runtime's.
    expect(functionFailure('/_sprout/v1/functions/order', answer(500, 'Internal trouble'))).toBeNull();
    expect(functionFailure('/_sprout/v1/functions/order', answer(503, { error: 'busy' }))).toBeNull();
  });

  it('looks only at the function route of the app', () => {
    const res = answer(504, { code: 'function_timeout', message: 'stopped' });
    expect(functionFailure('/_sprout/v1/data/orders', res)).toBeNull();
    expect(functionFailure('/_sprout/v1/functions/../data', res)).toBeNull();
    expect(functionFailure('/_sprout/v1/functions/Upper', res)).toBeNull();
    expect(functionFailure('/_sprout/v1/functions/notify/extra', res)).toBeNull();
  });

  it('clips a long message', () => {
    const res = answer(500, { code: 'function_error', message: `The function "x" failed as it loaded: ${'a'.repeat(5000)}`, stage: 'load' });
    expect(functionFailure('/_sprout/v1/functions/x', res)!.message.length).toBeLessThanOrEqual(2001);
  });
});
