import type { Route } from '@sprout/core/routes';
import type { ApiClient } from './client';
import type { CallAddress } from './route-url';

/*
 * Files the API serves only with the bearer token, which a plain link or an <img> cannot send: a
 * download (an export) and an image (an upload, a screenshot).
 */

/** Reads a file name from a Content-Disposition header when the browser lets us see it. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // fall through
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1]!.trim() : null;
}

/**
 * A call of `route` (a file reply) handed to the browser as a download, named by the answer's
 * Content-Disposition or else `fallbackName`. Resolves to the file's name, or to why the server
 * refused; a network failure throws.
 */
export async function download<R extends Route>(
  api: ApiClient,
  route: R,
  input: CallAddress<R>,
  fallbackName: string,
): Promise<{ name: string } | { refused: string }> {
  const res = await api.fetch(route, input);
  if (!res.ok) {
    const json = (await res.json().catch(() => ({}))) as { message?: unknown };
    return { refused: typeof json.message === 'string' ? json.message : `${res.statusText || 'Error'} (${res.status})` };
  }
  const name = fileNameFromDisposition(res.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(await res.blob(), name);
  return { name };
}

/** Hands a blob to the browser as a download called `name`. */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** An image the API serves only with the bearer token (an upload, a screenshot) as an address an <img> can show; null when it cannot be loaded. */
export async function imageUrl<R extends Route>(api: ApiClient, route: R, input: CallAddress<R>): Promise<string | null> {
  try {
    const res = await api.fetch(route, input);
    if (!res.ok) return null;
    return URL.createObjectURL(await res.blob());
  } catch {
    return null;
  }
}
