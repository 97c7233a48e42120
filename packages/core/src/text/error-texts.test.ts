import { describe, expect, it } from 'vitest';
import {
  INVALID_CONFIG,
  NO_TOKEN_FOUND,
  couldNotCreateApp,
  couldNotDelete,
  couldNotFetchApps,
  couldNotPatch,
  createFailureMessage,
  loginEndpointError,
  logoutEndpointError,
} from './error-texts';

describe('error texts', () => {
  it('uses the fixed texts of the spec', () => {
    expect(NO_TOKEN_FOUND).toBe('No token found');
    expect(INVALID_CONFIG).toBe('Invalid config.');
    expect(createFailureMessage('help@sprout.dev')).toBe('Something went wrong. Please try again or contact us at help@sprout.dev');
    expect(loginEndpointError(401)).toBe('Received 401 response from login API endpoint');
    expect(logoutEndpointError(500)).toBe('Received 500 response from logout API endpoint');
  });

  it('builds API failures with status text, code and server message', () => {
    expect(couldNotFetchApps(500, 'Internal Server Error', 'database is down')).toBe('Could not fetch apps: Internal Server Error (500) - database is down');
    expect(couldNotCreateApp(402, 'Payment Required', 'Project limit reached')).toBe('Could not create app: Payment Required (402) - Project limit reached');
    expect(couldNotPatch('abc', 404, 'Not Found', 'No such sprout')).toBe('Could not patch machine with id abc: Not Found (404) - No such sprout');
    expect(couldNotDelete('abc', 403, 'Forbidden')).toBe('Could not delete machine with id abc: Forbidden (403)');
  });

  it('leaves the server message out when there is none', () => {
    expect(couldNotFetchApps(502, 'Bad Gateway')).toBe('Could not fetch apps: Bad Gateway (502)');
    expect(couldNotFetchApps(502, 'Bad Gateway', '')).toBe('Could not fetch apps: Bad Gateway (502)');
    expect(couldNotFetchApps(502, 'Bad Gateway', null)).toBe('Could not fetch apps: Bad Gateway (502)');
  });
});
