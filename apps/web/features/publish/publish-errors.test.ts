import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorCode } from '@/lib/api/client';
import { publishBlockedFindings, publishErrorMessage } from './publish-errors';

const err = (status: number, message?: string, code: ApiErrorCode = 'internal', body: Record<string, unknown> = {}) =>
  new ApiError(status, 'x', code, message, body);

describe('publishErrorMessage', () => {
  it('explains a missing publish API, a missing project, the network and paywall-free failures', () => {
    expect(publishErrorMessage(err(404, undefined, 'unreadable'))).toBe('Publishing is not available right now. Please try again later.');
    expect(publishErrorMessage(err(404, 'Project not found.', 'not_found'))).toBe('Could not publish: Project not found.');
    expect(publishErrorMessage(err(0, 'Could not reach Sprout.', 'network'))).toBe('Could not reach Sprout.');
    expect(publishErrorMessage(err(500))).toBe('Could not publish: x (500)');
  });
});

describe('publishBlockedFindings', () => {
  const key = { severity: 'critical', rule: 'secret-in-client', file: 'client/src/config.ts', line: 1, message: 'A Stripe secret key' };
  it('reads the findings a refusal by the security gate carries, and keeps only well-formed ones', () => {
    const refused = err(422, 'The security check found problems', 'publish_blocked', { findings: [key, { rule: 'x' }, null, { ...key, line: null }] });
    expect(publishBlockedFindings(refused)).toEqual([key, { ...key, line: null }]);
    expect(publishBlockedFindings(err(422, 'm', 'publish_blocked', {}))).toEqual([]);
  });

  it('is null for any other failure', () => {
    expect(publishBlockedFindings(err(422, 'The app does not build', 'build_failed', { findings: [key] }))).toBeNull();
    expect(publishBlockedFindings(err(0, undefined, 'network'))).toBeNull();
    expect(publishBlockedFindings(new Error('boom'))).toBeNull();
  });
});
