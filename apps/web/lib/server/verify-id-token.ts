import 'server-only';
import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import type { IdTokenClaims } from '@sprout/core/contract';
import { jwks as jwksRoute } from '@sprout/core/routes';
import { routeUrl } from '../api/route-url';
import { serverConfig } from './config';

let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

export type VerifiedClaims = JWTPayload & Partial<IdTokenClaims> & { sub: string };

/**
 * Verifies an ID token against the API's published keys (fetched over the internal URL, cached):
 * signature, issuer, audience and use. `allowExpired` checks it as of when it was issued, for a
 * session cookie whose token the browser refreshes (who the person is still needs the signature).
 */
export async function verifyIdToken(token: string, opts: { allowExpired?: boolean } = {}): Promise<VerifiedClaims | null> {
  const c = serverConfig();
  jwks ??= createRemoteJWKSet(new URL(routeUrl({ apiUrl: c.apiInternalUrl }, jwksRoute)), { cooldownDuration: 10_000 });
  try {
    const iat = opts.allowExpired ? decodeJwt(token).iat : undefined;
    const currentDate = typeof iat === 'number' ? new Date(iat * 1000) : undefined;
    const { payload } = await jwtVerify(token, jwks, { issuer: c.apiUrl, audience: 'sprout', algorithms: ['ES256'], currentDate });
    if (payload.token_use !== 'id' || typeof payload.sub !== 'string') return null;
    return payload as VerifiedClaims;
  } catch {
    return null;
  }
}
