import type { ElementRef, VisualEdit } from '@sprout/core/contract';
import { describeElement, undoVisualEdit, visualEdits } from '@sprout/core/routes';
import type { ApiCall } from '@/lib/api/client';

/** Visual edits' calls (`{api}/build/v1`): what a selected element is, changes as a version, and taking one back. */
export function visualEditCalls(call: ApiCall) {
  return {
    describeElement: (sproutId: string, versionId: string, element: ElementRef) =>
      call(describeElement, { params: { id: sproutId }, query: { versionId, ...element } }),
    visualEdits: (sproutId: string, baseVersionId: string, edits: VisualEdit[]) =>
      call(visualEdits, { params: { id: sproutId }, body: { baseVersionId, edits } }),
    undoVisualEdit: (sproutId: string, versionId: string) => call(undoVisualEdit, { params: { id: sproutId }, body: { versionId } }),
  };
}
export type VisualEditCalls = ReturnType<typeof visualEditCalls>;
