import { isPrivateHostName } from '../custom-domains/domain-name';
import { isNonPublicIPv4 } from './public-address';

/** Longer addresses are refused: no real git host needs more, and git and the logs should not carry them. */
export const MAX_REMOTE_URL_LENGTH = 500;
/** The most characters of a remote's token (GitHub's and GitLab's tokens are well under it). */
export const MAX_REMOTE_TOKEN_LENGTH = 500;

export type RemoteUrlCheck = { ok: true; url: string } | { ok: false; message: string };

/** Whether a host is the loopback (127.x, ::1, localhost): the only plain-http host ever allowed, and only by the flag. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Whether a host names a non-public address written literally: private and reserved IPv4, any IPv6
 * literal (rarely a git host, and many encodings of private ones), private names (localhost, *.local…),
 * and IPv4 written in the other forms WHATWG URL turns into dotted ones (it already does: `0x7f.1` → `127.0.0.1`).
 */
export function isNonPublicHost(host: string): boolean {
  if (host.startsWith('[')) return true;
  return isNonPublicIPv4(host) || isPrivateHostName(host) || !host.includes('.');
}

/**
 * Checks the address of a remote git repository a person connects a project to. Only `https://`
 * (plain `http://` to the loopback when `allowLoopback`, for tests), no user name or password in it
 * (the token goes apart, encrypted), no query or fragment, and never a private or reserved host
 * (the server would otherwise be made to reach its own network). Names that resolve to private
 * addresses are the caller's to refuse: this check does no I/O.
 */
export function parseRemoteUrl(input: unknown, opts: { allowLoopback: boolean }): RemoteUrlCheck {
  if (typeof input !== 'string' || input.trim() === '') return { ok: false, message: 'Enter the address of a git repository.' };
  const text = input.trim();
  if (text.length > MAX_REMOTE_URL_LENGTH) return { ok: false, message: `The address is too long (at most ${MAX_REMOTE_URL_LENGTH} characters).` };
  // Control characters and spaces would reach git's command line or its configuration.
  if (/[\s\u0000-\u001f\u007f]/.test(text)) return { ok: false, message: 'The address has spaces or control characters in it.' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: 'This is not a web address. Use the https:// address of the repository.' };
  }
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const loopbackHttp = url.protocol === 'http:' && opts.allowLoopback && isLoopbackHost(host);
  if (url.protocol !== 'https:' && !loopbackHttp) return { ok: false, message: 'Only https:// addresses are allowed.' };
  if (url.username || url.password) return { ok: false, message: 'Remove the user name and password from the address; put the token in its own field.' };
  if (url.search || url.hash) return { ok: false, message: 'The address must not have a ? or # part.' };
  if (!loopbackHttp && isNonPublicHost(host)) return { ok: false, message: 'This address is on a private network. Use the public address of the repository.' };
  if (url.pathname === '/' || url.pathname === '') return { ok: false, message: 'The address needs the repository path, e.g. https://github.com/you/app.git' };
  return { ok: true, url: url.toString() };
}

/** Checks a remote's token: may be empty (a public repository), printable ASCII only, bounded. */
export function parseRemoteToken(input: unknown): { ok: true; token: string } | { ok: false; message: string } {
  if (input === undefined || input === null || input === '') return { ok: true, token: '' };
  if (typeof input !== 'string') return { ok: false, message: 'The token must be text.' };
  const token = input.trim();
  if (token.length > MAX_REMOTE_TOKEN_LENGTH) return { ok: false, message: `The token is too long (at most ${MAX_REMOTE_TOKEN_LENGTH} characters).` };
  if (!/^[\x21-\x7e]*$/.test(token)) return { ok: false, message: 'The token has characters no token has (spaces, line breaks or non-ASCII letters).' };
  return { ok: true, token };
}
