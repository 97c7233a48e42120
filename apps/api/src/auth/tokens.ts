import { errors as joseErrors, jwtVerify, SignJWT, decodeProtectedHeader, type JWTPayload } from 'jose';
import { parseRoles } from '@sprout/core';
import type { IdTokenClaims } from '@sprout/core/contract';
import type { UserWithTier } from '@sprout/db';
import { AppError } from '../errors';
import type { KeyStore } from './key-store';

const AUDIENCE = 'sprout';

/** `issuedAt`: when the token was issued (epoch ms), checked against the person's "tokens valid after". */
export type VerifiedToken =
  | { use: 'id'; userId: string; issuedAt: number; claims: IdTokenClaims }
  | { use: 'impersonation'; userId: string; issuedAt: number; actorId: string };

class TokenError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason === 'expired' ? 'Token expired' : 'Invalid token');
  }
}

function idClaimsFor(user: UserWithTier): IdTokenClaims {
  return {
    sub: user.id,
    email: user.email,
    displayName: user.displayName,
    emailVerified: user.emailVerified,
    photoURL: user.photoUrl,
    phoneNumber: user.phoneNumber,
    tenantId: user.tenantId,
    roles: parseRoles(user.roles),
    tier: user.tier,
  };
}

/** How many verified tokens are remembered (a few hundred bytes each). */
const VERIFIED_CACHE_SIZE = 10_000;

export class TokenService {
  /**
   * Tokens already verified, until they expire. Checking an ES256 signature is the largest single
   * CPU cost of an authenticated request after the database (~0.1 ms), and a client sends the same
   * token on every request for up to an hour. The same string always verifies to the same claims,
   * so only the expiry and the signing key (still known?) are checked again. Failures are not kept.
   */
  private readonly verified = new Map<string, { result: VerifiedToken; kid: string; expiresAt: number }>();

  constructor(
    private readonly keys: KeyStore,
    private readonly issuer: string,
  ) {}

  private async sign(payload: JWTPayload, subject: string, ttlSeconds: number): Promise<string> {
    const { kid, alg, key } = this.keys.signingKey();
    // iat is whole seconds; iat_ms tells a token issued just after a sign-out from one just before it.
    return new SignJWT({ ...payload, iat_ms: Date.now() })
      .setProtectedHeader({ alg, kid, typ: 'JWT' })
      .setIssuer(this.issuer)
      .setAudience(AUDIENCE)
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(key);
  }

  issueIdToken(user: UserWithTier, ttlSeconds: number): Promise<string> {
    const { sub, ...claims } = idClaimsFor(user);
    return this.sign({ ...claims, token_use: 'id' }, sub, ttlSeconds);
  }

  /** RFC 8693 style: `sub` is the user acted as, `act.sub` the staff member acting. */
  issueImpersonationToken(targetUserId: string, actorId: string, ttlSeconds: number): Promise<string> {
    return this.sign({ token_use: 'impersonation', act: { sub: actorId } }, targetUserId, ttlSeconds);
  }

  async verify(token: string): Promise<VerifiedToken> {
    const hit = this.verified.get(token);
    if (hit) {
      if (hit.expiresAt > Date.now() && (await this.keys.publicKey(hit.kid))) return hit.result;
      this.verified.delete(token);
    }
    const { result, kid, expiresAt } = await this.verifyUncached(token);
    if (expiresAt === null) return result;
    // Map order is insertion order: past the bound, the oldest entry goes.
    if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { result, kid, expiresAt });
    return result;
  }

  /** A bearer token's claims, or the 401 its caller is answered with (expired, or not valid). */
  async verifyBearer(token: string): Promise<VerifiedToken> {
    try {
      return await this.verify(token);
    } catch (err) {
      if (!(err instanceof TokenError)) throw err;
      throw new AppError(
        401,
        err.reason === 'expired' ? 'token_expired' : 'invalid_token',
        err.reason === 'expired' ? 'Your session has expired. Please sign in again.' : 'Your sign-in token is not valid. Please sign in again.',
      );
    }
  }

  private async verifyUncached(token: string): Promise<{ result: VerifiedToken; kid: string; expiresAt: number | null }> {
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(token).kid;
    } catch {
      throw new TokenError('invalid');
    }
    const key = await this.keys.publicKey(kid);
    if (!key) throw new TokenError('invalid');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, key, { issuer: this.issuer, audience: AUDIENCE, algorithms: ['ES256'] }));
    } catch (err) {
      throw new TokenError(err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid');
    }
    // Ours always carry `exp`; a token without one is never cached.
    return { result: this.claimsOf(payload), kid: kid!, expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : null };
  }

  private claimsOf(payload: JWTPayload): VerifiedToken {
    const sub = payload.sub;
    if (!sub) throw new TokenError('invalid');
    const issuedAt = typeof payload.iat_ms === 'number' ? payload.iat_ms : typeof payload.iat === 'number' ? payload.iat * 1000 : 0;
    if (payload.token_use === 'impersonation') {
      const actor = (payload.act as { sub?: unknown } | undefined)?.sub;
      if (typeof actor !== 'string') throw new TokenError('invalid');
      return { use: 'impersonation', userId: sub, issuedAt, actorId: actor };
    }
    if (payload.token_use !== 'id') throw new TokenError('invalid');
    const p = payload as unknown as Omit<IdTokenClaims, 'sub'>;
    return {
      use: 'id',
      userId: sub,
      issuedAt,
      claims: {
        sub,
        email: p.email,
        displayName: p.displayName,
        emailVerified: p.emailVerified,
        photoURL: p.photoURL,
        phoneNumber: p.phoneNumber,
        tenantId: p.tenantId,
        roles: parseRoles(p.roles),
        tier: p.tier,
      },
    };
  }
}
