import { describe, expect, it } from 'vitest';
import { DEV_SESSION_SECRET, sessionSecretProblem, sessionSecrets } from './session-secrets';

const LONG = 'x'.repeat(32);

describe('session secrets', () => {
  it('a production server without SESSION_SECRETS is refused, with what to do', () => {
    const problem = sessionSecretProblem({ NODE_ENV: 'production' });
    expect(problem).toContain('SESSION_SECRETS is not set');
    expect(problem).toContain('npm start');
    expect(sessionSecretProblem({ NODE_ENV: 'production', SESSION_SECRETS: '  ' })).not.toBeNull();
    expect(() => sessionSecrets({ NODE_ENV: 'production' })).toThrow('SESSION_SECRETS is not set');
  });

  it('the build, development and tests may use the development secret; production uses its own', () => {
    expect(sessionSecretProblem({ NODE_ENV: 'production', NEXT_PHASE: 'phase-production-build' })).toBeNull();
    expect(sessionSecrets({ NODE_ENV: 'development' })).toEqual({ current: DEV_SESSION_SECRET, previous: undefined });
    expect(sessionSecrets({ NODE_ENV: 'production', SESSION_SECRETS: `${LONG}a, ${LONG}b` })).toEqual({ current: `${LONG}a`, previous: `${LONG}b` });
  });

  it('refuses a secret too short to sign with', () => {
    expect(() => sessionSecrets({ NODE_ENV: 'production', SESSION_SECRETS: 'short' })).toThrow('at least 32 characters');
  });
});
