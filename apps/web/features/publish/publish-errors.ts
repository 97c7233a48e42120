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
