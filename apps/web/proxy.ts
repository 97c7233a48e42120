import { NextResponse, type NextRequest } from 'next/server';
import { SESSION_COOKIE, sessionCookieOptions, signSession, verifySession } from '@/lib/session-cookie';
import { serverConfig } from '@/lib/server/config';

/**
 * Runs before every page: tells the layout the path (for the canonical link) and re-signs a session
 * cookie that is still signed with the previous secret, so secrets can rotate without signing anyone out.
 */
export async function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set('x-sprout-pathname', request.nextUrl.pathname);
  const res = NextResponse.next({ request: { headers } });
  const cookie = request.cookies.get(SESSION_COOKIE)?.value;
  if (cookie) {
    const secrets = serverConfig().sessionSecrets;
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
