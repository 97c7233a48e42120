// The session cookie's signing secrets: a production server never runs on a secret anyone can read
// (the development one is in this repository), and `npm start` gives each installation its own.

export const DEV_SESSION_SECRET = 'sprout-dev-session-secret-change-me-in-production';

/** Why this environment must not serve (a production server without SESSION_SECRETS), or null. */
export function sessionSecretProblem(env: Record<string, string | undefined>): string | null {
  const production = env.NODE_ENV === 'production' && env.NEXT_PHASE !== 'phase-production-build';
  if (!production || env.SESSION_SECRETS?.trim()) return null;
  return (
    'Invalid web configuration:\n  SESSION_SECRETS is not set. A production server signs session cookies with it and will not start ' +
    'without one: set SESSION_SECRETS to a random string of 32+ characters (`openssl rand -base64 48`), or run `npm start`, which ' +
    'creates one in the data folder.'
  );
}

/** The secrets, newest first; the development secret outside production. Throws a configuration error. */
export function sessionSecrets(env: Record<string, string | undefined>): { current: string; previous?: string } {
  const problem = sessionSecretProblem(env);
  if (problem) throw new Error(problem);
  const secrets = (env.SESSION_SECRETS?.trim() ? env.SESSION_SECRETS : DEV_SESSION_SECRET)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (secrets.length === 0 || secrets.some((s) => s.length < 32)) {
    throw new Error('Invalid web configuration:\n  SESSION_SECRETS: each secret must be at least 32 characters');
  }
  return { current: secrets[0]!, previous: secrets[1] };
}
