import 'server-only';
import { cookies } from 'next/headers';
import { parseRoles } from '@sprout/core';
import type { CallReply, User } from '@sprout/core/contract';
import type { NameOf, Route } from '@sprout/core/routes';
import { routeUrl, type CallAddress } from '../api/route-url';
import { SESSION_COOKIE, verifySession } from '../session-cookie';
import { serverConfig } from './config';
import { verifyIdToken } from './verify-id-token';

type ServerUser = Pick<User, 'id' | 'email' | 'displayName' | 'roles' | 'tier'>;

export interface ServerSession {
  user: ServerUser;
  /** The ID token, when it is still valid for at least a few seconds (else the client refreshes it). */
  idToken: string | null;
  /** When the cookie's ID token was issued (epoch seconds): the client re-sends a newer one it holds. */
  issuedAt: number;
}

/**
 * The signed-in user as the session cookie tells it, or null. The cookie was set by /api/login after
 * verifying the token; its token's signature is checked again here, so neither a leaked session
 * secret nor a tampered token can make the server render someone else, or a staff page.
 */
export async function getServerSession(): Promise<ServerSession | null> {
  const store = await cookies();
  const verified = await verifySession(store.get(SESSION_COOKIE)?.value, serverConfig().sessionSecrets);
  if (!verified) return null;
  const claims = await verifyIdToken(verified.payload.idToken, { allowExpired: true });
  if (!claims) return null;
  const valid = typeof claims.exp === 'number' && claims.exp * 1000 > Date.now() + 5_000;
  return {
    user: {
      id: claims.sub,
      email: String(claims.email ?? ''),
      displayName: String(claims.displayName ?? ''),
      roles: parseRoles(claims.roles),
      tier: String(claims.tier ?? 'free'),
    },
    idToken: valid ? verified.payload.idToken : null,
    issuedAt: typeof claims.iat === 'number' ? claims.iat : 0,
  };
}

/**
 * A GET of `route` as the signed-in user, from the web server (the API's internal address, which
 * also answers the usage host's routes); null when the session cannot call (expired token, 401, API down).
 */
export async function serverApi<R extends Route>(route: R, input: CallAddress<R>, session: ServerSession | null): Promise<CallReply<NameOf<R>> | null> {
  if (!session?.idToken) return null;
  const url = routeUrl({ apiUrl: serverConfig().apiInternalUrl }, route, input);
  try {
    const res = await fetch(url, {
      headers: { authorization: `Bearer ${session.idToken}` },
      cache: 'no-store',
      signal: AbortSignal.timeout(5_000),
    });
    if (!res.ok) return null;
    return (await res.json()) as CallReply<NameOf<R>>;
  } catch (err) {
    console.error(`server API call ${route.method} ${route.path} failed:`, (err as Error).message);
    return null;
  }
}
