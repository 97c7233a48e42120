import { describe, expect, it } from 'vitest';
import { ERROR_CODES, statusesOf, type ErrorCode } from '@sprout/core/routes';
import { AppError, badRequest, forbidden, notFound, unauthenticated } from './errors';

describe('AppError', () => {
  it('carries a code of the catalogue with a status the catalogue gives it', () => {
    const e = new AppError(409, 'run_active', 'Busy.', { runId: 'r1' });
    expect(e).toMatchObject({ status: 409, code: 'run_active', message: 'Busy.', extra: { runId: 'r1' }, name: 'AppError' });
    // Codes answered with more than one status take each of them.
    for (const status of statusesOf('billing_unavailable')) expect(new AppError(status as 409, 'billing_unavailable', 'x').status).toBe(status);
  });

  it('refuses a status its code is never answered with: a programming error, not an answer', () => {
    // @ts-expect-error 404 is not a status of run_active: the type check refuses it too.
    expect(() => new AppError(404, 'run_active', 'x')).toThrow(TypeError);
    const status: number = 418;
    expect(() => new AppError(status as 409, 'run_active', 'x')).toThrow(/'run_active' is never answered with 418/);
  });

  it('takes only codes of the catalogue', () => {
    // @ts-expect-error an unknown code fails the type check.
    const unknown = () => new AppError(400, 'made_up_code', 'x');
    expect(unknown).toThrow(/'made_up_code' is not an error code/);
  });

  it('has helpers whose codes and statuses agree with the catalogue', () => {
    for (const e of [notFound(), unauthenticated('Sign in.'), forbidden(), badRequest('invalid_path', 'No.')])
      expect(statusesOf(e.code), e.code).toContain(e.status);
    // @ts-expect-error run_active is never a 400.
    expect(() => badRequest('run_active', 'x')).toThrow(TypeError);
  });

  it('can be made for every code at each of its statuses', () => {
    for (const code of Object.keys(ERROR_CODES) as ErrorCode[])
      for (const status of statusesOf(code)) expect(() => new AppError(status as never, code, 'x')).not.toThrow();
  });
});
