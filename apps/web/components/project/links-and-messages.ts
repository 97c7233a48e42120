import { actionErrorText, hasStatus } from '@/lib/client/error-text';

/** A clear sentence for a failed publish (the publish API may be missing on an older server). */
export function publishErrorMessage(err: unknown): string {
  // A 404 of the router (not of the project) means this server has no publish API.
  if (hasStatus(err, 404) && (!err.serverMessage || err.serverMessage.startsWith('No route'))) {
    return 'Publishing is not available right now. Please try again later.';
  }
  return actionErrorText('publish', err, 'Could not publish. Please try again.');
}

/** The same for unpublish. */
export function unpublishErrorMessage(err: unknown): string {
  return actionErrorText('unpublish', err, 'Could not unpublish. Please try again.');
}

/** The share (remix) link of a project. */
export function magicLinkFor(webUrl: string, id: string): string {
  return `${webUrl.replace(/\/$/, '')}/build/magic/${encodeURIComponent(id)}`;
}
