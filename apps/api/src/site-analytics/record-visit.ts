import { asksNotToBeTracked, deviceOf, referrerSource, type VisitInput } from '@sprout/core';
import { recordSiteVisit } from '@sprout/db';
import type { HostedApp } from '../app-backend/app-request';
import type { Services } from '../services';

export interface VisitRequest {
  address: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Records a page view or an event of a published app, unless the visitor asked not to be tracked,
 * is not a person's browser, or is on the preview (the owner testing is no visit). Says whether it
 * recorded; the page is answered the same either way.
 */
export async function recordVisit(s: Services, app: HostedApp, req: VisitRequest, input: VisitInput): Promise<boolean> {
  if (app.kind !== 'site' || asksNotToBeTracked(req.headers)) return false;
  const userAgent = typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : '';
  const device = deviceOf(userAgent);
  if (!device) return false;
  const visitor = await s.visitorHashes.visitorOf(app.sproutId, req.address, userAgent);
  // The page sends its path alone; a query or fragment sent anyway may carry what identifies someone.
  const base = { sproutId: app.sproutId, path: input.path.replace(/[?#].*$/s, '') || '/', device, visitor };
  if (input.type === 'event') {
    await recordSiteVisit(s.db, { ...base, kind: 'event', name: input.name, props: input.props ?? null });
  } else {
    const referrer = input.entry ? referrerSource(input.referrer, new URL(app.origin).hostname) : null;
    await recordSiteVisit(s.db, { ...base, kind: 'pageview', entry: input.entry, referrer });
  }
  return true;
}
