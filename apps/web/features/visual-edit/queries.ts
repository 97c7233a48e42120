'use client';
import type { ElementRef } from '@sprout/core/contract';
import { useQuery } from '@tanstack/react-query';
import { useCalls } from '@/lib/api/services';
import { visualEditCalls } from './api';

/** What the selected element is in the source of `versionId` (text, classes, list, image). */
export function useElementDescription(sproutId: string, versionId: string | null, element: ElementRef | null) {
  const calls = useCalls(visualEditCalls);
  return useQuery({
    queryKey: ['element', sproutId, versionId, element?.file, element?.line, element?.column] as const,
    queryFn: () => calls.describeElement(sproutId, versionId!, element!),
    enabled: !!versionId && !!element,
    staleTime: Infinity,
    retry: false,
  });
}
