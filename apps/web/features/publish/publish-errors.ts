import type { GateFinding } from '@sprout/core/contract';
import { actionErrorText, hasStatus } from '@/lib/api/error-text';

/** A clear sentence for a failed publish (a server in the way may not know the publish route). */
export function publishErrorMessage(err: unknown): string {
  // A 404 naming no code is not the API's (which registers publishing from the route table): a proxy's, or another server's.
  if (hasStatus(err, 404) && err.code === 'unreadable') {
    return 'Publishing is not available right now. Please try again later.';
  }
  return actionErrorText('publish', err, 'Could not publish. Please try again.');
}

/** The same for unpublish. */
export function unpublishErrorMessage(err: unknown): string {
  return actionErrorText('unpublish', err, 'Could not unpublish. Please try again.');
}

const isFinding = (f: unknown): f is GateFinding => {
  const o = f as Partial<GateFinding> | null;
  return (
    typeof o === 'object' &&
    o !== null &&
    (o.severity === 'critical' || o.severity === 'warning') &&
    typeof o.rule === 'string' &&
    typeof o.file === 'string' &&
    typeof o.message === 'string' &&
    (typeof o.line === 'number' || o.line === null)
  );
};

/**
 * The findings a refused publish carries (422 `publish_blocked`: a critical finding stands that was
 * not acknowledged, say the version changed since the check): shown like the check's own; null for
 * any other failure, which reads as a sentence.
 */
export function publishBlockedFindings(err: unknown): GateFinding[] | null {
  if (!hasStatus(err, 422) || err.code !== 'publish_blocked') return null;
  const findings = err.body.findings;
  return Array.isArray(findings) ? findings.filter(isFinding) : [];
}
