import 'server-only';
import { cookies } from 'next/headers';

/**
 * The web server's own note that this browser has signed in before: set beside the session cookie
 * (/api/login) and kept after sign-out, so that a page which must redirect a signed-out visitor on
 * the server (a share link) sends a returning person to sign-in and a new one to sign-up. The
 * browser keeps the same fact in localStorage (lib/api/known-account) for its own redirects.
 */
export const KNOWN_ACCOUNT_COOKIE = 'sprout_known';

// A year: the marker says nothing about who the person is, only that an account was used here.
export const knownAccountCookieOptions = { httpOnly: true, secure: true, sameSite: 'lax' as const, path: '/', maxAge: 365 * 24 * 3600 };

/** Whether this browser has signed in before, as far as the server can tell. */
export async function hasAccountCookie(): Promise<boolean> {
  return (await cookies()).get(KNOWN_ACCOUNT_COOKIE)?.value === '1';
}
