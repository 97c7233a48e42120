import type { Sprout } from '@sprout/core/contract';

/** Pinned first; otherwise the server's order (most recently edited first), kept stable across optimistic pins. */
export function sortProjects(list: Sprout[]): Sprout[] {
  return list
    .map((s, i) => ({ s, i }))
    .sort((a, b) => Number(b.s.isPinned) - Number(a.s.isPinned) || Date.parse(b.s.updatedAt) - Date.parse(a.s.updatedAt) || a.i - b.i)
    .map(({ s }) => s);
}

/** The `count` projects edited last, newest first, pinned or not (the signed-in home's "Recent projects"). */
export function recentProjects(list: Sprout[], count: number): Sprout[] {
  return [...list].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt)).slice(0, count);
}
