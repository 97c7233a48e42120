import { spawn } from 'node:child_process';

/**
 * The environment every git process of ours starts with: no system or global configuration, no
 * prompt, and none of the API's own variables (secrets, database address) passed on to git or to
 * the hooks it runs.
 */
export function gitEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    LANG: 'C',
    ...extra,
  };
}

class GitError extends Error {}

/** Runs git and resolves with what it printed; rejects when it fails (with what it said) or `signal` stops it. */
export function runGit(
  args: string[],
  opts: { env?: Record<string, string>; input?: Buffer | string; cwd?: string; signal?: AbortSignal } = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { env: gitEnv(opts.env), cwd: opts.cwd, stdio: ['pipe', 'pipe', 'pipe'], signal: opts.signal });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new GitError(`git ${args[0]} failed (${code}): ${Buffer.concat(err).toString().trim().slice(0, 500)}`));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(opts.input ?? '');
  });
}
