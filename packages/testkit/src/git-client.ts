import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * A git client as a person runs it, but alone: no system or personal configuration, no prompt for
 * credentials (a refusal fails at once), and a home of its own.
 */
export async function gitClient() {
  const home = await mkdtemp(path.join(tmpdir(), 'sprout-git-home-'));
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_AUTHOR_NAME: 'Pat Pusher',
    GIT_AUTHOR_EMAIL: 'pat@example.com',
    GIT_COMMITTER_NAME: 'Pat Pusher',
    GIT_COMMITTER_EMAIL: 'pat@example.com',
    LANG: 'C',
  };
  const run = (args: string[], cwd = home, input?: string): Promise<GitResult> =>
    new Promise((resolve, reject) => {
      const child = spawn('git', args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
      // Git may exit before it reads its input (a refused command): the pipe then breaks, which is not a failure of the test.
      child.stdin.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code !== 'EPIPE') reject(err);
      });
      child.stdin.end(input ?? '');
    });
  /** Runs git and fails the test unless it succeeds. */
  const ok = async (args: string[], cwd = home, input?: string) => {
    const r = await run(args, cwd, input);
    if (r.code !== 0) throw new Error(`git ${args.join(' ')} failed (${r.code}): ${r.stderr}`);
    return r.stdout.trim();
  };
  return { home, run, ok };
}
