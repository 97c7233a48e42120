import type { Dataset } from '@sprout/core/contract';
import {
  appData,
  appDocuments,
  appPayments,
  appUsers,
  deleteAppDocument,
  deleteAppUser,
  exportAppData,
  refundAppPayment,
  resetTestData,
  saveAppDocument,
} from '@sprout/core/routes';
import type { ApiCall, ApiClient } from '@/lib/api/client';
import { download } from '@/lib/api/download';

/*
 * The Data panel's calls to the build API (`{api}/build/v1/sprouts/:id/data/...`): the owner's view
 * of their app's backend (and its payments, `/payments/...`), per dataset (test: the preview's data, live: the published app's).
 * One plain function each, typed by its route; the hooks are in ./queries.
 */

export type ExportFormat = 'json' | 'csv';

export function dataCalls(call: ApiCall) {
  return {
    overview: (sproutId: string, dataset: Dataset) => call(appData, { params: { id: sproutId, dataset } }),
    documents: (sproutId: string, dataset: Dataset, collection: string, after: string | null, limit = 50) =>
      call(appDocuments, { params: { id: sproutId, dataset, name: collection }, query: { limit, after: after || undefined } }),
    saveDocument: (sproutId: string, dataset: Dataset, collection: string, docId: string, data: Record<string, unknown>) =>
      call(saveAppDocument, { params: { id: sproutId, dataset, name: collection, docId }, body: { data } }),
    deleteDocument: (sproutId: string, dataset: Dataset, collection: string, docId: string) =>
      call(deleteAppDocument, { params: { id: sproutId, dataset, name: collection, docId } }),
    resetTestData: (sproutId: string) => call(resetTestData, { params: { id: sproutId } }),
    users: (sproutId: string, dataset: Dataset) => call(appUsers, { params: { id: sproutId, dataset } }),
    removeUser: (sproutId: string, dataset: Dataset, userId: string) => call(deleteAppUser, { params: { id: sproutId, dataset, userId } }),
    payments: (sproutId: string, dataset: Dataset) => call(appPayments, { params: { id: sproutId, dataset } }),
    refundPayment: (sproutId: string, dataset: Dataset, paymentId: string) => call(refundAppPayment, { params: { id: sproutId, dataset, paymentId } }),
  };
}

/**
 * Downloads a dataset (JSON: every collection or one; CSV: one collection) through the API with the
 * bearer token, which a plain link cannot send. Resolves to the file's name, or to why the server
 * refused; a network failure throws.
 */
export function downloadDataExport(
  api: ApiClient,
  input: { sproutId: string; dataset: Dataset; format: ExportFormat; collection?: string },
): Promise<{ name: string } | { refused: string }> {
  return download(
    api,
    exportAppData,
    { params: { id: input.sproutId, dataset: input.dataset }, query: { format: input.format, collection: input.collection } },
    `${input.collection ?? 'data'}-${input.dataset}.${input.format}`,
  );
}
