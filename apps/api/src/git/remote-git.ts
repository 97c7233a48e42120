import { runGit } from './run-git';

/**
 * The environment of a git process that talks to a project's remote. The token travels only as an
 * HTTP header set through `GIT_CONFIG_*` variables (never on the command line, where `ps` shows it,
 * nor in the URL, which git prints); credential helpers and prompts are off; only http(s) may be
 * spoken; redirects are not followed (a redirect could lead to a private address the URL check
 * refused); a stalled transfer is stopped.
 */
export function remoteGitEnv(token: string): Record<string, string> {
  const config: [string, string][] = [
    ['credential.helper', ''],
    ['http.followRedirects', 'false'],
    ['http.lowSpeedLimit', '1000'],
    ['http.lowSpeedTime', '30'],
    ['core.askPass', ''],
  ];
  if (token) config.push(['http.extraHeader', `Authorization: Basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`]);
  const env: Record<string, string> = {
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: '',
    SSH_ASKPASS: '',
    GIT_ALLOW_PROTOCOL: 'https:http',
    GIT_CONFIG_COUNT: String(config.length),
  };
  config.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return env;
}

export type RemotePushResult = { ok: true } | { ok: false; rejected: boolean; message: string };

/** Plain words for what git said when a remote refused us, without git's own text (it may name hosts or paths). */
function failureOf(err: unknown, token: string): { rejected: boolean; message: string } {
  const said = err instanceof Error ? err.message : String(err);
  if (/\[rejected\]|non-fast-forward|fetch first/.test(said)) return { rejected: true, message: 'The remote has commits Sprout does not have: pull first.' };
  if (/\b401\b|\b403\b|Authentication failed|could not read Username/i.test(said)) {
    return { rejected: false, message: 'The remote refused the token. Check that it is right and allows writing to the repository.' };
  }
  if (/not found|\b404\b/i.test(said)) return { rejected: false, message: 'The remote repository was not found. Check its address.' };
  // Never hand on git's text unchecked: a token must not come back in it.
  const detail = token ? said.split(token).join('***') : said;
  return { rejected: false, message: `Sprout could not reach the remote (${detail.replace(/^git \w+ failed \(\d+\): /, '').slice(0, 200)}).` };
}

/**
 * Pushes `main` of the repository at `gitDir` to `url`'s `main`, fast-forward only (never forced):
 * a remote with commits we do not have refuses, and that is reported as `rejected`.
 */
export async function pushToRemote(gitDir: string, url: string, token: string): Promise<RemotePushResult> {
  try {
    await runGit(['--git-dir', gitDir, 'push', '--quiet', '--no-verify', url, 'refs/heads/main:refs/heads/main'], { env: remoteGitEnv(token) });
    return { ok: true };
  } catch (err) {
    return { ok: false, ...failureOf(err, token) };
  }
}

export const REMOTE_TRACKING_REF = 'refs/remotes/origin/main';

export type RemoteFetchResult = { ok: true; head: string | null } | { ok: false; message: string };

/**
 * Fetches the remote's `main` into `REMOTE_TRACKING_REF` of the repository at `gitDir` (never into
 * `main`: what comes in is checked before it becomes a version). `head` is null when the remote has
 * no `main` (an empty repository).
 */
export async function fetchRemote(gitDir: string, url: string, token: string): Promise<RemoteFetchResult> {
  const env = remoteGitEnv(token);
  try {
    const listed = (await runGit(['--git-dir', gitDir, 'ls-remote', url, 'refs/heads/main'], { env })).toString().trim();
    if (!listed) return { ok: true, head: null };
    await runGit(['--git-dir', gitDir, 'fetch', '--quiet', '--no-tags', '--no-write-fetch-head', url, `+refs/heads/main:${REMOTE_TRACKING_REF}`], { env });
    const head = (await runGit(['--git-dir', gitDir, 'rev-parse', '--verify', `${REMOTE_TRACKING_REF}^{commit}`])).toString().trim();
    return { ok: true, head };
  } catch (err) {
    return { ok: false, message: failureOf(err, token).message };
  }
}
