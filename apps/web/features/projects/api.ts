import type { Sprout } from '@sprout/core/contract';
import { deleteSprout, getSprout, listSprouts, patchSprout } from '@sprout/core/routes';
import type { ApiCall } from '@/lib/api/client';

/*
 * The projects' calls (`{api}/v1/sprouts`), one plain function each, typed by its route. Creating one
 * is the create flow's own call (create/create-flow.ts), which loads on first use.
 */

export type ProjectChanges = Partial<Pick<Sprout, 'displayName' | 'isPinned' | 'isDeploymentEnabled'>>;

export function projectCalls(call: ApiCall) {
  return {
    list: () => call(listSprouts),
    get: (sproutId: string) => call(getSprout, { params: { id: sproutId } }),
    /** PATCH sends the full project plus the changes (the API replaces the record). */
    patch: (sprout: Sprout, changes: ProjectChanges) => call(patchSprout, { params: { id: sprout.id }, body: { ...sprout, ...changes } }),
    remove: (sproutId: string) => call(deleteSprout, { params: { id: sproutId } }),
  };
}
