import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorCode } from '@/lib/api/client';
import { publishErrorMessage } from './publish-errors';

describe('publishErrorMessage', () => {
  const err = (status: number, message?: string, code: ApiErrorCode = 'internal') => new ApiError(status, 'x', code, message, {});
  it('explains a missing publish API, a missing project, the network and paywall-free failures', () => {
    expect(publishErrorMessage(err(404, undefined, 'unreadable'))).toBe('Publishing is not available right now. Please try again later.');
    expect(publishErrorMessage(err(404, 'Project not found.', 'not_found'))).toBe('Could not publish: Project not found.');
    expect(publishErrorMessage(err(0, 'Could not reach Sprout.', 'network'))).toBe('Could not reach Sprout.');
    expect(publishErrorMessage(err(500))).toBe('Could not publish: x (500)');
  });
});
