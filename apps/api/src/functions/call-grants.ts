import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppScope } from '@sprout/db';

/** What a call's ctx.db may reach: one project's dataset, as its owner, while the call lasts. */
export interface CallGrant {
  /** The function called: what it adds is created by `visitor:function:<name>`. */
  name: string;
  scope: AppScope;
  ownerId: string;
  tier: string;
  origin: string;
  versionId: string;
}

/**
 * A call's ctx.db token: what it may reach, until when, signed. Any API instance holding the key can
 * open it, so a functions runtime elsewhere may send a call's data requests to any of them; it lasts
 * the call's wall time and a little more, and no function ever sees it (the runtime's wrapper keeps it).
 */
export class CallGrants {
  private readonly key: Buffer;

  /** `secret`: shared by every instance and a separate runtime (FUNCTIONS_TOKEN); none: a key of this process's own. */
  constructor(secret: string | null) {
    this.key = secret ? createHmac('sha256', 'sprout call grants').update(secret).digest() : randomBytes(32);
  }

  sign(grant: CallGrant, ttlMs: number, now = Date.now()): string {
    const payload = Buffer.from(JSON.stringify({ ...grant, exp: now + ttlMs })).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The grant a token carries, or null when it is forged, altered or expired. */
  open(token: string, now = Date.now()): CallGrant | null {
    const [payload, mac, extra] = token.split('.');
    if (!payload || !mac || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const { exp, ...grant } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as CallGrant & { exp: number };
      return typeof exp === 'number' && exp > now ? grant : null;
    } catch {
      return null;
    }
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
