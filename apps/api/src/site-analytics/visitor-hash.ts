import { createHash } from 'node:crypto';
import { MAX_ANALYTICS_DAYS } from '@sprout/core/contract';
import { daySalt, utcDay, type Db } from '@sprout/db';

/**
 * Who a visitor is for one day, without a cookie and without keeping who they are: a hash of the
 * app, the client's address and browser with the day's random salt. The salt is shared by every
 * instance through the database and deleted when the next day's is made, so after the day nobody,
 * Sprout included, can tell whose hash it was or match it to the next day's.
 */
export class VisitorHashes {
  /** This instance's copy of the current day's salt. */
  private current: { day: string; salt: Promise<Uint8Array> } | null = null;

  constructor(private readonly db: Db) {}

  async visitorOf(sproutId: string, address: string, userAgent: string, now = new Date()): Promise<string> {
    const salt = await this.saltOf(utcDay(now));
    return createHash('sha256').update(salt).update(`${sproutId}\n${address}\n${userAgent}`).digest('base64url').slice(0, 22);
  }

  private saltOf(day: string): Promise<Uint8Array> {
    if (this.current?.day !== day) {
      // Visits are kept for the longest report, and a day more for the hours a UTC day spans.
      const salt = daySalt(this.db, day, MAX_ANALYTICS_DAYS + 1);
      this.current = { day, salt };
      // A failed read is asked again on the next visit, not kept.
      salt.catch(() => {
        if (this.current?.salt === salt) this.current = null;
      });
    }
    return this.current!.salt;
  }
}
