import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import type { Dataset } from '@sprout/db';
import type { KeyStore } from '../auth/key-store';

// An audience of their own: an app cookie is never a Sprout token, a preview token or another app's
// cookie. The claims name the project and dataset, so a cookie copied to another app (or from the
// preview to the published app) is worth nothing there.
const APP_AUDIENCE = 'sprout-app';

/** `visitor`: an anonymous visitor of one app. `user`: an app user's session. */
export type AppTokenUse = 'visitor' | 'user';

export const VISITOR_TTL_SECONDS = 365 * 24 * 3600;
export const APP_SESSION_TTL_SECONDS = 30 * 24 * 3600;

export interface AppClaims {
  subject: string;
  issuedAt: number;
}

const CACHE_SIZE = 10_000;

export class AppTokens {
  /** Verified tokens (signature checks are the costly part of a request): token → claims, until expiry. */
  private readonly verified = new Map<string, { use: AppTokenUse; sprout: string; dataset: Dataset; claims: AppClaims; expiresAt: number }>();

  constructor(
    private readonly keys: KeyStore,
    private readonly issuer: string,
  ) {}

  async sign(use: AppTokenUse, subject: string, scope: { sproutId: string; dataset: Dataset }, now = Date.now()): Promise<string> {
    const ttl = use === 'visitor' ? VISITOR_TTL_SECONDS : APP_SESSION_TTL_SECONDS;
    const { kid, alg, key } = this.keys.signingKey();
    return new SignJWT({ token_use: `app_${use}`, sprout: scope.sproutId, dataset: scope.dataset, iat_ms: now })
      .setProtectedHeader({ alg, kid, typ: 'JWT' })
      .setIssuer(this.issuer)
      .setAudience(APP_AUDIENCE)
      .setSubject(subject)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(now / 1000) + ttl)
      .sign(key);
  }

  /** The subject of a valid token of this use for this app's dataset, else null. */
  async verify(token: string | undefined, use: AppTokenUse, scope: { sproutId: string; dataset: Dataset }, now = Date.now()): Promise<AppClaims | null> {
    if (!token || token.length > 2000) return null;
    const hit = this.verified.get(token);
    if (hit && hit.expiresAt > now) return hit.use === use && hit.sprout === scope.sproutId && hit.dataset === scope.dataset ? hit.claims : null;
    try {
      const key = await this.keys.publicKey(decodeProtectedHeader(token).kid);
      if (!key) return null;
      const { payload } = await jwtVerify(token, key, { issuer: this.issuer, audience: APP_AUDIENCE, algorithms: ['ES256'] });
      if (payload.token_use !== `app_${use}` || payload.sprout !== scope.sproutId || payload.dataset !== scope.dataset || typeof payload.sub !== 'string')
        return null;
      const claims = { subject: payload.sub, issuedAt: typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000 };
      if (this.verified.size >= CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { use, sprout: scope.sproutId, dataset: scope.dataset, claims, expiresAt: (payload.exp ?? 0) * 1000 });
      return claims;
    } catch {
      return null;
    }
  }
}
