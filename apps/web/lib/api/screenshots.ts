'use client';
import { useQuery } from '@tanstack/react-query';
import { screenshot } from '@sprout/core/routes';
import { imageUrl } from './download';
import { useApi } from './services';

// The render check's pictures (a version's, an attempt's, a project's thumbnail): fetched with the
// person's token (an <img> cannot send it), kept for the page session under one key per picture,
// so the project list, the history and the home page share what they loaded.

const screenshotKey = (sproutId: string, shotId: string) => ['screenshot', sproutId, shotId] as const;

/** A render check screenshot as an address an <img> can show (null: it could not be loaded). */
export function useScreenshot(sproutId: string, shotId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: screenshotKey(sproutId, shotId ?? ''),
    queryFn: () => imageUrl(api, screenshot, { params: { id: sproutId, shotId: shotId! } }),
    enabled: !!shotId,
    staleTime: Infinity,
  });
}
