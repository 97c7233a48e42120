import { ApiError } from '@/lib/client/api';

/** A clear sentence for a failed publish (the publish API may be missing on an older server). */
export function publishErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return err.serverMessage ?? 'Could not reach Sprout. Check your connection and try again.';
    if (err.status === 404) {
      return err.serverMessage && !err.serverMessage.startsWith('No route')
        ? `Could not publish: ${err.serverMessage}`
        : 'Publishing is not available right now. Please try again later.';
    }
    return `Could not publish: ${err.serverMessage ?? `${err.statusText} (${err.status})`}`;
  }
  return 'Could not publish. Please try again.';
}

/** The share (remix) link of a project. */
export function magicLinkFor(webUrl: string, id: string): string {
  return `${webUrl.replace(/\/$/, '')}/build/magic/${encodeURIComponent(id)}`;
}
