import 'server-only';
import { reportClientErrors } from '@sprout/core/routes';
import type { CallInput } from '@sprout/core/contract';
import { routeUrl } from '../api/route-url';
import { serverConfig } from './config';
import { getServerSession } from './session';
import { forwardToSentry, type ReportedError } from './sentry';

/**
 * A browser's error report, to the API (first-party) and, when SENTRY_DSN is set, to a
 * Sentry-compatible service. True when at least one of them took it.
 */
export async function forwardErrorReport(report: ReportedError): Promise<boolean> {
  const c = serverConfig();
  const session = await getServerSession();
  const forwards: Promise<unknown>[] = [
    fetch(routeUrl({ apiUrl: c.apiInternalUrl }, reportClientErrors), {
      method: reportClientErrors.method,
      headers: { 'content-type': 'application/json', ...(session?.idToken ? { authorization: `Bearer ${session.idToken}` } : {}) },
      body: JSON.stringify({ ...report, source: 'web' } satisfies CallInput<'reportClientErrors'>['body']),
      signal: AbortSignal.timeout(5_000),
    }).then((r) => {
      if (!r.ok) throw new Error(`API answered ${r.status}`);
    }),
  ];
  if (c.sentryDsn) forwards.push(forwardToSentry(c.sentryDsn, report, session?.user.id ?? null));
  const results = await Promise.allSettled(forwards);
  for (const r of results) if (r.status === 'rejected') console.error('monitoring forward failed:', (r.reason as Error).message);
  return results.some((r) => r.status === 'fulfilled');
}
