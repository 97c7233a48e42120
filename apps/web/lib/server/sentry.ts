import 'server-only';
import { sentryTarget } from '../sentry-dsn';

export interface ReportedError {
  message: string;
  stack?: string;
  url?: string;
  userAgent?: string;
}

export async function forwardToSentry(dsn: string, error: ReportedError, userId: string | null): Promise<void> {
  const target = sentryTarget(dsn);
  if (!target) throw new Error('SENTRY_DSN is not a valid DSN');
  const res = await fetch(target.storeUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-sentry-auth': `Sentry sentry_version=7, sentry_key=${target.key}, sentry_client=sprout-web/1.0`,
    },
    body: JSON.stringify({
      event_id: crypto.randomUUID().replaceAll('-', ''),
      timestamp: new Date().toISOString(),
      platform: 'javascript',
      level: 'error',
      message: error.message,
      exception: { values: [{ type: 'Error', value: error.message, stacktrace: error.stack ? { frames: [] } : undefined }] },
      extra: { stack: error.stack },
      request: { url: error.url, headers: error.userAgent ? { 'User-Agent': error.userAgent } : {} },
      user: userId ? { id: userId } : undefined,
    }),
    signal: AbortSignal.timeout(5_000),
  });
  if (!res.ok) throw new Error(`Sentry answered ${res.status}`);
}
