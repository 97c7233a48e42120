import { NextResponse, type NextRequest } from 'next/server';
import { SESSION_COOKIE, sessionCookieOptions, signSession, verifySession } from '@/lib/session-cookie';
import { serverConfig } from '@/lib/server/config';
import { newNonce, pagePolicy } from '@/lib/csp';

/**
 * Runs before every page: gives it a Content-Security-Policy with a fresh script nonce (lib/csp.ts;
 * Next reads the nonce from the request's copy of the header and puts it on its own scripts, the
 * layout on its inline ones, from `x-nonce`), tells the layout the path (for the canonical link) and
 * re-signs a session cookie that is still signed with the previous secret, so secrets can rotate
 * without signing anyone out.
 */
export async function proxy(request: NextRequest) {
  const config = serverConfig();
  const nonce = newNonce();
  const policy = pagePolicy({
    nonce,
    apiUrl: config.apiUrl,
    usageUrl: config.usageUrl,
    previewDomain: config.previewDomain,
    development: process.env.NODE_ENV === 'development',
  });
  const headers = new Headers(request.headers);
  headers.set('x-sprout-pathname', request.nextUrl.pathname);
  headers.set('x-nonce', nonce);
  headers.set('content-security-policy', policy);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set('content-security-policy', policy);
  const cookie = request.cookies.get(SESSION_COOKIE)?.value;
  if (cookie) {
    const secrets = config.sessionSecrets;
    const verified = await verifySession(cookie, secrets);
    if (verified?.signedWith === 'previous') {
      res.cookies.set(SESSION_COOKIE, await signSession(verified.payload, secrets.current), sessionCookieOptions);
    }
  }
  return res;
}

export const config = {
  matcher: ['/((?!_next/|api/|monitoring|favicon|icon|apple-icon|manifest).*)'],
};
