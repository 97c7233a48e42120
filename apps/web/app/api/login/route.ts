import { NextResponse } from 'next/server';
import { SESSION_COOKIE, sessionCookieOptions, signSession } from '@/lib/session-cookie';
import { serverConfig } from '@/lib/server/config';
import { isSameOrigin } from '@/lib/server/origin';
import { verifyIdToken } from '@/lib/server/verify-id-token';
import { KNOWN_ACCOUNT_COOKIE, knownAccountCookieOptions } from '@/lib/server/known-account';

/** Exchanges a verified ID token (Authorization header) for the `sprout` session cookie, and notes that this browser has an account. */
export async function POST(request: Request) {
  if (!isSameOrigin(request)) return NextResponse.json({ code: 'forbidden', message: 'Cross-site request refused.' }, { status: 403 });
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token) return NextResponse.json({ code: 'unauthenticated', message: 'No token found' }, { status: 401 });
  const verified = await verifyIdToken(token);
  if (!verified) return NextResponse.json({ code: 'invalid_token', message: 'Invalid or expired token.' }, { status: 401 });
  const res = NextResponse.json({ ok: true });
  const value = await signSession({ idToken: token, iat: Math.floor(Date.now() / 1000) }, serverConfig().sessionSecrets.current);
  res.cookies.set(SESSION_COOKIE, value, sessionCookieOptions);
  res.cookies.set(KNOWN_ACCOUNT_COOKIE, '1', knownAccountCookieOptions);
  res.headers.set('cache-control', 'no-store');
  return res;
}
