import type { Dataset } from '@sprout/core/contract';
import {
  appAi,
  appEmail,
  appFunctions,
  appOutbox,
  appSecrets,
  deleteAppSecret,
  functionLogs,
  putAppAi,
  putAppEmail,
  putAppSecret,
  runFunctionNow,
} from '@sprout/core/routes';
import type { ApiCall } from '@/lib/api/client';

/*
 * The Functions panel's calls to the build API (`{api}/build/v1/sprouts/:id/functions/...`,
 * `/secrets/...`, `/ai` and `/email/...`): the app's server functions, their calls, the secrets they
 * read and the mail they sent, per dataset; the app's AI use and cap, and its mail settings, for both
 * datasets at once. One plain function each, typed by its route; the hooks are in ./queries.
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
    ai: (sproutId: string) => call(appAi, { params: { id: sproutId } }),
    putAiCap: (sproutId: string, monthlyTokenCap: number | null) => call(putAppAi, { params: { id: sproutId }, body: { monthlyTokenCap } }),
    email: (sproutId: string) => call(appEmail, { params: { id: sproutId } }),
    putEmail: (sproutId: string, body: { senderName: string | null; replyTo: string | null }) => call(putAppEmail, { params: { id: sproutId }, body }),
    outbox: (sproutId: string, dataset: Dataset) => call(appOutbox, { params: { id: sproutId, dataset } }),
  };
}
