import 'server-only';
import type { Sprout } from '@sprout/core/contract';
import { getSprout } from '@sprout/core/routes';
import { routeUrl } from '../api/route-url';
import { cache } from 'react';
import { serverConfig } from './config';
import { getServerSession } from './session';
import { actingAsSomeone } from './acting-as';

export type LoadedProject = { kind: 'found'; sprout: Sprout } | { kind: 'missing' } | { kind: 'unknown' };

/**
 * The project as the signed-in user's API sees it, for the project page's first render (once per
 * request). It tells "does not exist" (404, or an id that cannot exist: 400) from "could not ask"
 * (no valid token, API down): only the first is a not-found page; otherwise the browser loads the
 * project itself.
 */
export const loadProject = cache(async (id: string): Promise<LoadedProject> => {
  const session = await getServerSession();
  // Staff acting as someone: the project is theirs, not the staff member's; the browser loads it.
  if (!session?.idToken || (await actingAsSomeone())) return { kind: 'unknown' };
  try {
    const res = await fetch(routeUrl({ apiUrl: serverConfig().apiInternalUrl }, getSprout, { params: { id } }), {
      headers: { authorization: `Bearer ${session.idToken}` },
      cache: 'no-store',
      signal: AbortSignal.timeout(5_000),
    });
    if (res.status === 404 || res.status === 400) return { kind: 'missing' };
    if (!res.ok) return { kind: 'unknown' };
    return { kind: 'found', sprout: (await res.json()) as Sprout };
  } catch (err) {
    console.error(`server API call getSprout ${id} failed:`, (err as Error).message);
    return { kind: 'unknown' };
  }
});
