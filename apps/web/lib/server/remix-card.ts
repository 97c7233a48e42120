import 'server-only';
import { shareLinkIdOf } from '@sprout/core';
import type { SharedCard } from '@sprout/core/contract';
import { sharedCard, sharedPicture } from '@sprout/core/routes';
import { routeUrl } from '../api/route-url';
import { serverConfig } from './config';

/** What a sign-in or sign-up page on its way to a share link shows: the project to remix. */
export interface RemixCardData {
  id: string;
  displayName: string;
  /** The picture's public address (the browser loads it from the API), or null: the page draws a placeholder. */
  pictureUrl: string | null;
}

type Search = Record<string, string | string[] | undefined>;

/**
 * The shared project a sign-in or sign-up page returns to (its `redirectUrl` is a share link), read
 * on the server so that the page arrives with it. Null when the redirect goes elsewhere, the link is
 * not active, or the API does not answer: the page is then the plain one, never an error.
 */
export async function loadRemixCard(search: Search): Promise<RemixCardData | null> {
  const id = shareLinkIdOf(typeof search.redirectUrl === 'string' ? search.redirectUrl : null);
  if (!id) return null;
  const config = serverConfig();
  try {
    const res = await fetch(routeUrl({ apiUrl: config.apiInternalUrl }, sharedCard, { params: { id } }), {
      cache: 'no-store',
      signal: AbortSignal.timeout(5_000),
    });
    if (!res.ok) return null;
    const card = (await res.json()) as SharedCard;
    return {
      id: card.id,
      displayName: card.displayName,
      pictureUrl: card.hasPicture ? routeUrl({ apiUrl: config.apiUrl }, sharedPicture, { params: { id: card.id } }) : null,
    };
  } catch (err) {
    console.error(`share link card ${id} failed:`, (err as Error).message);
    return null;
  }
}
