import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorCode } from '@/lib/api/client';
import { formErrors } from './form-errors';

const refused = (status: number, body: Record<string, unknown>) =>
  new ApiError(status, 'x', (body.code as ApiErrorCode | undefined) ?? 'unreadable', typeof body.message === 'string' ? body.message : undefined, body);

describe('formErrors', () => {
  it('puts each field error under its field, the first per field', () => {
    const err = refused(400, {
      code: 'wrong_password',
      message: 'Your password is not correct.',
      fields: [
        { path: 'currentPassword', message: 'This is not your current password.' },
        { path: 'currentPassword', message: 'second' },
        { path: 'somethingElse', message: 'ignored' },
      ],
    });
    expect(formErrors(err, ['currentPassword', 'newPassword'], 'Could not save.')).toEqual({ currentPassword: 'This is not your current password.' });
  });

  it('without a field it is the whole form’s: the server’s sentence, else the fallback', () => {
    expect(formErrors(refused(429, { code: 'too_many_attempts', message: 'Too many password attempts.' }), ['password'], 'Could not delete.')).toEqual({
      form: 'Too many password attempts.',
    });
    expect(formErrors(new Error('boom'), ['password'], 'Could not delete.')).toEqual({ form: 'Could not delete.' });
  });
});
