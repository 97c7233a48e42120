import type { AppDocument, AppUserList, DataOverview, Dataset, DocumentPage } from '@sprout/core/contract';
import type { ApiClient } from './api';
import { fileNameFromDisposition } from '@/components/project/preview/format';
import { saveBlob } from './build-api';

/*
 * The Data panel's calls to the build API (`{api}/build/v1/sprouts/:id/data/...`): the owner's view
 * of their app's backend, per dataset (test: the preview's data, live: the published app's).
 * Plain functions, like ./build-api; the hooks are in ./data-queries.
 */

type Request = <T>(method: string, path: string, body?: unknown) => Promise<T>;

const id = encodeURIComponent;
const dataOf = (sproutId: string, dataset: Dataset) => `/sprouts/${id(sproutId)}/data/${dataset}`;

export type ExportFormat = 'json' | 'csv';

export function dataCalls(request: Request) {
  return {
    overview: (sproutId: string, dataset: Dataset) => request<DataOverview>('GET', dataOf(sproutId, dataset)),
    documents: (sproutId: string, dataset: Dataset, collection: string, after: string | null, limit = 50) =>
      request<DocumentPage>('GET', `${dataOf(sproutId, dataset)}/collections/${id(collection)}?limit=${limit}${after ? `&after=${id(after)}` : ''}`),
    saveDocument: (sproutId: string, dataset: Dataset, collection: string, docId: string, data: Record<string, unknown>) =>
      request<AppDocument>('PUT', `${dataOf(sproutId, dataset)}/collections/${id(collection)}/${id(docId)}`, { data }),
    deleteDocument: (sproutId: string, dataset: Dataset, collection: string, docId: string) =>
      request<void>('DELETE', `${dataOf(sproutId, dataset)}/collections/${id(collection)}/${id(docId)}`),
    resetTestData: (sproutId: string) => request<void>('POST', `${dataOf(sproutId, 'test')}/reset`),
    users: (sproutId: string, dataset: Dataset) => request<AppUserList>('GET', `${dataOf(sproutId, dataset)}/users`),
    removeUser: (sproutId: string, dataset: Dataset, userId: string) => request<void>('DELETE', `${dataOf(sproutId, dataset)}/users/${id(userId)}`),
  };
}

export type DataCalls = ReturnType<typeof dataCalls>;

/**
 * Downloads a dataset (JSON: every collection or one; CSV: one collection) through the API with the
 * bearer token, which a plain link cannot send. Resolves to the file's name, or to why the server
 * refused; a network failure throws.
 */
export async function downloadDataExport(
  api: ApiClient,
  input: { sproutId: string; dataset: Dataset; format: ExportFormat; collection?: string },
): Promise<{ name: string } | { refused: string }> {
  const query = new URLSearchParams({ format: input.format });
  if (input.collection) query.set('collection', input.collection);
  const res = await api.fetch('GET', `/build/v1${dataOf(input.sproutId, input.dataset)}/export?${query}`);
  if (!res.ok) {
    const json = (await res.json().catch(() => ({}))) as { message?: unknown };
    return { refused: typeof json.message === 'string' ? json.message : `${res.statusText || 'Error'} (${res.status})` };
  }
  const name = fileNameFromDisposition(res.headers.get('content-disposition')) ?? `${input.collection ?? 'data'}-${input.dataset}.${input.format}`;
  saveBlob(await res.blob(), name);
  return { name };
}
