import { NextResponse } from 'next/server';
import { SESSION_COOKIE, sessionCookieOptions } from '@/lib/session-cookie';
import { isSameOrigin } from '@/lib/server/origin';

export async function POST(request: Request) {
  if (!isSameOrigin(request)) return NextResponse.json({ code: 'forbidden', message: 'Cross-site request refused.' }, { status: 403 });
  const res = NextResponse.json({ ok: true });
  res.cookies.set(SESSION_COOKIE, '', { ...sessionCookieOptions, maxAge: 0 });
  res.headers.set('cache-control', 'no-store');
  return res;
}
