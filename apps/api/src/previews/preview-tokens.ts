import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import type { KeyStore } from '../auth/key-store';

// A different audience from ID tokens: a preview token is never accepted as a bearer token, and an
// ID token is never accepted by a preview host.
const PREVIEW_AUDIENCE = 'sprout-preview';

/**
 * `grant`: the short-lived token in the iframe URL. `session`: the cookie it is exchanged for.
 * `load`: the tag one page load of one version carries in its runtime-error reports.
 * `check`: the server's own render check of one candidate version (checks/render-check.ts), minted
 * in-process and never handed out by a route: it opens that one version's built page, nothing else.
 */
export type PreviewTokenUse = 'grant' | 'session' | 'load' | 'check';

export const PREVIEW_GRANT_TTL_SECONDS = 120;
// The cookie outlives a sitting, not a day; a sign-out ends it sooner (the owner's "tokens valid after").
export const PREVIEW_SESSION_TTL_SECONDS = 2 * 3600;
export const PREVIEW_LOAD_TTL_SECONDS = 600;
// Longer than a render check may take (RENDER_CHECK_TIMEOUT_MS is at most 60 s), no longer.
export const PREVIEW_CHECK_TTL_SECONDS = 60;
const TTL: Record<PreviewTokenUse, number> = {
  grant: PREVIEW_GRANT_TTL_SECONDS,
  session: PREVIEW_SESSION_TTL_SECONDS,
  load: PREVIEW_LOAD_TTL_SECONDS,
  check: PREVIEW_CHECK_TTL_SECONDS,
};

/** Signs and checks preview tokens with the API's signing keys (shared by every instance, in the database). */
export class PreviewTokens {
  constructor(
    private readonly keys: KeyStore,
    private readonly issuer: string,
  ) {}

  /**
   * `versionId` only for a load tag (the version the page showed) and a check (the candidate checked);
   * `isolated` only for a check whose app data must not be the owner's test data (behaviour checks).
   */
  async sign(
    use: PreviewTokenUse,
    userId: string,
    sproutId: string,
    now = Date.now(),
    versionId?: string,
    isolated = false,
  ): Promise<{ token: string; expiresAt: Date }> {
    const exp = Math.floor(now / 1000) + TTL[use];
    const { kid, alg, key } = this.keys.signingKey();
    const claims = {
      token_use: `preview_${use}`,
      sprout: sproutId,
      iat_ms: now,
      ...(versionId ? { version: versionId } : {}),
      ...(isolated ? { isolated: true } : {}),
    };
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg, kid, typ: 'JWT' })
      .setIssuer(this.issuer)
      .setAudience(PREVIEW_AUDIENCE)
      .setSubject(userId)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(exp)
      .sign(key);
    return { token, expiresAt: new Date(exp * 1000) };
  }

  /** The user the token was issued to, if it is valid, of this use, and for this project; otherwise null. */
  async verify(
    token: string,
    use: PreviewTokenUse,
    sproutId: string,
  ): Promise<{ userId: string; versionId: string | null; issuedAt: number; isolated: boolean } | null> {
    try {
      const key = await this.keys.publicKey(decodeProtectedHeader(token).kid);
      if (!key) return null;
      const { payload } = await jwtVerify(token, key, { issuer: this.issuer, audience: PREVIEW_AUDIENCE, algorithms: ['ES256'] });
      if (payload.token_use !== `preview_${use}` || payload.sprout !== sproutId || typeof payload.sub !== 'string') return null;
      const issuedAt = typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000;
      return { userId: payload.sub, versionId: typeof payload.version === 'string' ? payload.version : null, issuedAt, isolated: payload.isolated === true };
    } catch {
      return null;
    }
  }
}
