import 'server-only';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { serverConfig } from './config';

let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

/** Verifies an ID token against the API's published keys (fetched over the internal URL, cached). */
export async function verifyIdToken(token: string): Promise<{ sub: string } | null> {
  const c = serverConfig();
  jwks ??= createRemoteJWKSet(new URL(`${c.apiInternalUrl}/v1/auth/jwks.json`), { cooldownDuration: 10_000 });
  try {
    const { payload } = await jwtVerify(token, jwks, { issuer: c.apiUrl, audience: 'sprout', algorithms: ['ES256'] });
    if (payload.token_use !== 'id' || typeof payload.sub !== 'string') return null;
    return { sub: payload.sub };
  } catch {
    return null;
  }
}
