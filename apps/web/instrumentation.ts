import { sessionSecretProblem } from './lib/session-secrets';

/** Runs once as the server starts: a production server without its session secret refuses to start. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const problem = sessionSecretProblem(process.env);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
