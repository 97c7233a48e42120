// The `sprout` session cookie: a signed envelope around the user's current ID token, so server
// rendering can call the API as the user. Web Crypto only, so it runs in route handlers and proxy alike.

export const SESSION_COOKIE = 'sprout';
export const SESSION_MAX_AGE_SECONDS = 12 * 24 * 60 * 60;

export interface SessionPayload {
  idToken: string;
  /** Seconds since epoch when the envelope was signed. */
  iat: number;
}

const enc = new TextEncoder();

function b64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromB64url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const bin = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

async function hmac(secret: string, data: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(data)));
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

export async function signSession(payload: SessionPayload, secret: string): Promise<string> {
  const body = b64url(enc.encode(JSON.stringify(payload)));
  return `${body}.${b64url(await hmac(secret, body))}`;
}

export type VerifiedSession = { payload: SessionPayload; signedWith: 'current' | 'previous' };

/** Accepts a cookie signed with the current or the previous secret (rotation); anything else is null. */
export async function verifySession(value: string | undefined, secrets: { current: string; previous?: string }): Promise<VerifiedSession | null> {
  if (!value || value.length > 8192) return null;
  const [body, sig, extra] = value.split('.');
  if (!body || !sig || extra !== undefined) return null;
  const given = fromB64url(sig);
  if (!given) return null;
  let signedWith: VerifiedSession['signedWith'] | null = null;
  if (equal(given, await hmac(secrets.current, body))) signedWith = 'current';
  else if (secrets.previous && equal(given, await hmac(secrets.previous, body))) signedWith = 'previous';
  if (!signedWith) return null;
  try {
    const json = JSON.parse(new TextDecoder().decode(fromB64url(body)!)) as Partial<SessionPayload>;
    if (typeof json.idToken !== 'string' || typeof json.iat !== 'number') return null;
    return { payload: { idToken: json.idToken, iat: json.iat }, signedWith };
  } catch {
    return null;
  }
}

export const sessionCookieOptions = {
  httpOnly: true,
  secure: true,
  sameSite: 'lax' as const,
  path: '/',
  maxAge: SESSION_MAX_AGE_SECONDS,
};
