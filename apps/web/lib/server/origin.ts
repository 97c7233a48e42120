import 'server-only';
import { serverConfig } from './config';

/**
 * CSRF defence for state-changing web routes: the browser's Origin header must be our own origin.
 * (Requests without Origin are refused too: every browser sends it on cross-site POSTs.)
 */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (!origin) return false;
  return origin === new URL(serverConfig().webUrl).origin || origin === new URL(request.url).origin;
}
