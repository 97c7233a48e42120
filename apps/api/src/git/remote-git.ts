import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPublicAddress } from '@sprout/core';
import { MAX_PUSH_BYTES } from './git-repos';
import { watchPackGrowth } from './pack-growth';
import { runGit } from './run-git';

/**
 * The environment of a git process that talks to a project's remote. The token travels only as an
 * HTTP header set through `GIT_CONFIG_*` variables (never on the command line, where `ps` shows it,
 * nor in the URL, which git prints); credential helpers and prompts are off; only http(s) may be
 * spoken; redirects are not followed (a redirect could lead to a private address the URL check
 * refused); a stalled transfer is stopped. `pin` (curl's `host:port:address`) makes git connect to
 * the address Sprout resolved and checked, whatever the name resolves to by the time git asks.
 */
export function remoteGitEnv(token: string, pin?: string): Record<string, string> {
  const config: [string, string][] = [
    ['credential.helper', ''],
    ['http.followRedirects', 'false'],
    ['http.lowSpeedLimit', '1000'],
    ['http.lowSpeedTime', '30'],
    ['core.askPass', ''],
  ];
  if (token) config.push(['http.extraHeader', `Authorization: Basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`]);
  if (pin) config.push(['http.curloptResolve', pin]);
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

/** How a remote's host is resolved: every address it has. */
type Lookup = (host: string) => Promise<string[]>;

export interface RemoteOptions {
  /** Plain http and loopback addresses are allowed (GIT_REMOTE_ALLOW_LOOPBACK, for tests). */
  allowLoopback?: boolean;
  /** The system's resolver unless given. */
  lookup?: Lookup;
  /** What a fetch may bring (MAX_FETCH_BYTES unless given). */
  maxFetchBytes?: number;
}

const systemLookup: Lookup = async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

const isLoopbackAddress = (address: string) => address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address);

type Pinned = { ok: true; pin: string } | { ok: false; message: string };

/**
 * Resolves the remote's host once and refuses it when any of its addresses is not public (a name
 * may be made to point anywhere: the URL check sees only the name). Git is then pinned to the first
 * address, so a second lookup that answers otherwise (DNS rebinding) is never made.
 */
async function pinRemote(url: string, opts: RemoteOptions): Promise<Pinned> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, message: 'This is not a web address. Use the https:// address of the repository.' };
  }
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && opts.allowLoopback))
    return { ok: false, message: 'Only https:// addresses are allowed.' };
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await (opts.lookup ?? systemLookup)(host);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) return { ok: false, message: 'The remote’s host name was not found. Check its address.' };
  const allowed = (a: string) => isPublicAddress(a) || (opts.allowLoopback === true && isLoopbackAddress(a));
  if (!addresses.every(allowed)) return { ok: false, message: 'This address leads to a private network. Use the public address of the repository.' };
  const port = parsed.port || (parsed.protocol === 'https:' ? '443' : '80');
  const first = addresses[0]!;
  return { ok: true, pin: `${host}:${port}:${isIP(first) === 6 ? `[${first}]` : first}` };
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
export async function pushToRemote(gitDir: string, url: string, token: string, opts: RemoteOptions = {}): Promise<RemotePushResult> {
  const pinned = await pinRemote(url, opts);
  if (!pinned.ok) return { ok: false, rejected: false, message: pinned.message };
  try {
    await runGit(['--git-dir', gitDir, 'push', '--quiet', '--no-verify', url, 'refs/heads/main:refs/heads/main'], { env: remoteGitEnv(token, pinned.pin) });
    return { ok: true };
  } catch (err) {
    return { ok: false, ...failureOf(err, token) };
  }
}

export const REMOTE_TRACKING_REF = 'refs/remotes/origin/main';

export type RemoteFetchResult = { ok: true; head: string | null } | { ok: false; message: string };

async function listMain(url: string, env: Record<string, string>): Promise<string | null> {
  const listed = (await runGit(['ls-remote', url, 'refs/heads/main'], { env })).toString().trim();
  return listed ? listed.slice(0, 40) : null;
}

/**
 * Asks the remote for its `main` without fetching anything: whether the address, the token and the
 * network let Sprout in. `head` is null when the remote has no `main` (an empty repository).
 */
export async function checkRemote(url: string, token: string, opts: RemoteOptions = {}): Promise<RemoteFetchResult> {
  const pinned = await pinRemote(url, opts);
  if (!pinned.ok) return pinned;
  try {
    return { ok: true, head: await listMain(url, remoteGitEnv(token, pinned.pin)) };
  } catch (err) {
    return { ok: false, message: failureOf(err, token).message };
  }
}

/** What one fetch may bring, by default: as much as one push to Sprout may. */
const MAX_FETCH_BYTES = MAX_PUSH_BYTES;

class FetchTooLarge extends Error {}

/**
 * Fetches `ref` of the remote into `REMOTE_TRACKING_REF` (with `depth`: only that many commits) and
 * answers the commit it names; stopped (FetchTooLarge) once it brought more than `maxBytes`.
 */
async function fetchInto(gitDir: string, url: string, env: Record<string, string>, ref: string, maxBytes: number, depth?: number): Promise<string> {
  const shallow = depth ? [`--depth=${depth}`] : [];
  const stopper = new AbortController();
  const watch = await watchPackGrowth(gitDir, maxBytes, () => stopper.abort());
  let tooLarge = false;
  try {
    // unpackLimit 1: what comes in stays one pack, which the watch measures as it is written.
    const args = ['-c', 'fetch.unpackLimit=1', '--git-dir', gitDir, 'fetch', '--quiet', '--no-tags', '--no-write-fetch-head', ...shallow];
    await runGit([...args, url, `+${ref}:${REMOTE_TRACKING_REF}`], { env, signal: stopper.signal });
    // A fast transfer may end between two measures.
    tooLarge = await watch.exceeded();
  } catch (err) {
    if (!stopper.signal.aborted) throw err;
    tooLarge = true;
  } finally {
    await watch.end(tooLarge);
  }
  if (tooLarge) {
    await runGit(['--git-dir', gitDir, 'update-ref', '-d', REMOTE_TRACKING_REF]);
    throw new FetchTooLarge();
  }
  return (await runGit(['--git-dir', gitDir, 'rev-parse', '--verify', `${REMOTE_TRACKING_REF}^{commit}`])).toString().trim();
}

/** What a fetch that failed tells the person (never the token). */
function fetchFailure(err: unknown, token: string, maxBytes: number): { ok: false; message: string } {
  if (err instanceof FetchTooLarge)
    return {
      ok: false,
      message: `The repository sent more than ${Math.round(maxBytes / 1024 / 1024)} MB, more than Sprout takes at once. Make it smaller (large files, history), then try again.`,
    };
  return { ok: false, message: failureOf(err, token).message };
}

/**
 * Fetches the remote's `main` into `REMOTE_TRACKING_REF` of the repository at `gitDir` (never into
 * `main`: what comes in is checked before it becomes a version). `head` is null when the remote has
 * no `main` (an empty repository).
 */
export async function fetchRemote(gitDir: string, url: string, token: string, opts: RemoteOptions = {}): Promise<RemoteFetchResult> {
  const pinned = await pinRemote(url, opts);
  if (!pinned.ok) return pinned;
  const env = remoteGitEnv(token, pinned.pin);
  try {
    if (!(await listMain(url, env))) return { ok: true, head: null };
    return { ok: true, head: await fetchInto(gitDir, url, env, 'refs/heads/main', opts.maxFetchBytes ?? MAX_FETCH_BYTES) };
  } catch (err) {
    return fetchFailure(err, token, opts.maxFetchBytes ?? MAX_FETCH_BYTES);
  }
}

/** Where the remote's `HEAD` points (`refs/heads/…`), from `git ls-remote --symref`; null for an empty repository. */
export function defaultBranchOf(listed: string): string | null {
  const match = /^ref: (refs\/heads\/[^\t\n]+)\tHEAD$/m.exec(listed);
  return match ? match[1]! : null;
}

/**
 * The last commit of the remote's default branch (what its `HEAD` names: `main`, `master`,
 * anything), alone, for an import that reads only its files: a long history is never downloaded.
 * `head` is null for an empty repository.
 */
export async function fetchDefaultBranchTip(gitDir: string, url: string, token: string, opts: RemoteOptions = {}): Promise<RemoteFetchResult> {
  const pinned = await pinRemote(url, opts);
  if (!pinned.ok) return pinned;
  const env = remoteGitEnv(token, pinned.pin);
  try {
    const branch = defaultBranchOf((await runGit(['ls-remote', '--symref', url, 'HEAD'], { env })).toString());
    if (!branch) return { ok: true, head: null };
    return { ok: true, head: await fetchInto(gitDir, url, env, branch, opts.maxFetchBytes ?? MAX_FETCH_BYTES, 1) };
  } catch (err) {
    return fetchFailure(err, token, opts.maxFetchBytes ?? MAX_FETCH_BYTES);
  }
}
