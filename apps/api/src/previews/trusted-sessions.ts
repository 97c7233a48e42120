// How long a verified preview session is trusted for the files of its project without checking
// again. Files are named by their content and asked for by the hundred per page load; a sign-out
// reaches them this much later (pages and version lists always check).
const TRUST_MS = 5000;
const MAX_TRUSTED = 10_000;

/** Preview sessions (project and cookie) verified in the last few seconds: one register per app, in its services. */
export class TrustedSessions {
  private readonly until = new Map<string, number>();

  /** Remembers that this cookie was just verified as the project owner's preview session. */
  trust(sproutId: string, cookie: string | undefined, now = Date.now()): void {
    if (!cookie || cookie.length > 8192) return;
    if (this.until.size >= MAX_TRUSTED) {
      for (const [key, until] of this.until) if (until <= now) this.until.delete(key);
      if (this.until.size >= MAX_TRUSTED) this.until.clear();
    }
    this.until.set(`${sproutId}\0${cookie}`, now + TRUST_MS);
  }

  /** Whether this cookie was verified for this project in the last few seconds. */
  isTrusted(sproutId: string, cookie: string, now = Date.now()): boolean {
    const until = this.until.get(`${sproutId}\0${cookie}`);
    return until !== undefined && until > now;
  }
}
