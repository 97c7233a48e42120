import type { Dataset } from '@sprout/core/contract';
import { appFunctions, appSecrets, deleteAppSecret, functionLogs, putAppSecret, runFunctionNow } from '@sprout/core/routes';
import type { ApiCall } from '@/lib/api/client';

/*
 * The Functions panel's calls to the build API (`{api}/build/v1/sprouts/:id/functions/...` and
 * `/secrets/...`): the app's server functions, their calls, and the secrets they read, per dataset.
 * One plain function each, typed by its route; the hooks are in ./queries.
 */
export function functionCalls(call: ApiCall) {
  return {
    list: (sproutId: string, dataset: Dataset) => call(appFunctions, { params: { id: sproutId, dataset } }),
    logs: (sproutId: string, dataset: Dataset) => call(functionLogs, { params: { id: sproutId, dataset }, query: { limit: 50 } }),
    run: (sproutId: string, dataset: Dataset, name: string) => call(runFunctionNow, { params: { id: sproutId, dataset, name } }),
    secrets: (sproutId: string, dataset: Dataset) => call(appSecrets, { params: { id: sproutId, dataset } }),
    putSecret: (sproutId: string, dataset: Dataset, name: string, value: string) =>
      call(putAppSecret, { params: { id: sproutId, dataset, name }, body: { value } }),
    deleteSecret: (sproutId: string, dataset: Dataset, name: string) => call(deleteAppSecret, { params: { id: sproutId, dataset, name } }),
  };
}
