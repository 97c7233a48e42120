import type { z } from 'zod';
import type {
  ActiveRun,
  Attachment,
  BuildStatus,
  ChatMessages,
  MessageSent,
  PreviewSession,
  PublishAddress,
  PublishBody,
  ProjectFiles,
  Run,
  RunAttempt,
  RuntimeErrorsBody,
  RuntimeFixAnswer,
  SaveFileBody,
  SendMessageBody,
  SharedProject,
  Sprout,
  Upload,
  VersionAnswer,
  VersionDiff,
  VersionList,
} from '@sprout/core/contract';
import { exportFileName, fileNameFromDisposition } from '@/components/project/preview/format';
import type { ApiBase, ApiClient, RequestOptions } from './api';

/*
 * Every call the project page makes to the build API (`{api}/build/v1`) and to the share endpoints
 * of `/v1`, one function each: paths and reply shapes live here and nowhere else. Plain functions
 * (no React) so the chat session's modules use them as well as the hooks of ./build-queries.
 */

export type ChatMessageList = z.infer<typeof ChatMessages>;
export type ActiveRunAnswer = z.infer<typeof ActiveRun>;
export type NewVersion = z.infer<typeof VersionAnswer>;
export type RuntimeErrorsReport = z.infer<typeof RuntimeErrorsBody>;

type Request = <T>(method: string, path: string, body?: unknown, opts?: Pick<RequestOptions, 'signal' | 'timeoutMs'>) => Promise<T>;

const id = encodeURIComponent;
const project = (sproutId: string) => `/sprouts/${id(sproutId)}`;

/** Paths outside `request` (a stream, a file up, a file down), from the API's root. */
export const buildPaths = {
  runEvents: (runId: string) => `/build/v1/runs/${id(runId)}/events`,
  upload: (sproutId: string) => `/build/v1/uploads?sproutId=${id(sproutId)}`,
  uploaded: (uploadId: string) => `/build/v1/uploads/${id(uploadId)}`,
  export: (sproutId: string) => `/build/v1/sprouts/${id(sproutId)}/export`,
  screenshot: (sproutId: string, shotId: string) => `/build/v1/sprouts/${id(sproutId)}/screenshots/${id(shotId)}`,
};

/** `request` is `{api}/build/v1` + path (lib/client/api with base 'build'). */
export function buildCalls(request: Request) {
  return {
    messages: (sproutId: string) => request<ChatMessageList>('GET', `${project(sproutId)}/messages?limit=200`),
    sendMessage: (sproutId: string, body: SendMessageBody) => request<MessageSent>('POST', `${project(sproutId)}/messages`, body),
    activeRun: (sproutId: string) => request<ActiveRunAnswer>('GET', `${project(sproutId)}/runs/active`),
    run: (runId: string) => request<Run>('GET', `/runs/${id(runId)}`),
    stopRun: (runId: string) => request<Run>('POST', `/runs/${id(runId)}/stop`),
    attempt: (runId: string) => request<RunAttempt>('GET', `/runs/${id(runId)}/attempt`),
    restoreAttempt: (runId: string) => request<NewVersion>('POST', `/runs/${id(runId)}/attempt/restore`),
    reportRuntimeErrors: (runId: string, body: RuntimeErrorsReport) => request<RuntimeFixAnswer>('POST', `/runs/${id(runId)}/runtime-errors`, body),
    files: (sproutId: string, versionId: string | null) =>
      request<ProjectFiles>('GET', `${project(sproutId)}/files${versionId ? `?version=${id(versionId)}` : ''}`),
    saveFile: (sproutId: string, body: SaveFileBody) => request<NewVersion>('PUT', `${project(sproutId)}/files`, body),
    versions: (sproutId: string) => request<VersionList>('GET', `${project(sproutId)}/versions`),
    restoreVersion: (sproutId: string, versionId: string) => request<NewVersion>('POST', `${project(sproutId)}/versions/${id(versionId)}/restore`),
    versionDiff: (sproutId: string, versionId: string) => request<VersionDiff>('GET', `${project(sproutId)}/versions/${id(versionId)}/diff`),
    buildStatus: (sproutId: string, versionId: string) => request<BuildStatus>('GET', `${project(sproutId)}/build?versionId=${id(versionId)}`),
    publishAddress: (sproutId: string, slug?: string) =>
      request<PublishAddress>('GET', `${project(sproutId)}/address${slug === undefined ? '' : `?slug=${encodeURIComponent(slug)}`}`),
    /** `signal`: Cancel in the publish dialog stops waiting for the answer. */
    publish: (sproutId: string, body?: PublishBody, signal?: AbortSignal) => request<Sprout>('POST', `${project(sproutId)}/publish`, body, { signal }),
    unpublish: (sproutId: string) => request<Sprout>('DELETE', `${project(sproutId)}/publish`),
    /** `path`: where the app opens (path and query; the hash stays in the browser). */
    previewSession: (sproutId: string, path?: string) => request<PreviewSession>('POST', `${project(sproutId)}/preview-session`, path ? { path } : {}),
  };
}

export type BuildCalls = ReturnType<typeof buildCalls>;

/** The share link's calls (`{api}/v1`): turning it on or off, what it shows, and the copy it makes. */
export function shareCalls(request: <T>(method: string, path: string, body?: unknown, opts?: { base?: ApiBase }) => Promise<T>) {
  return {
    setShared: (sproutId: string, enabled: boolean) => request<Sprout>('PUT', `${project(sproutId)}/share`, { enabled }),
    shared: (linkId: string) => request<SharedProject>('GET', `/magic/${id(linkId)}`),
    remix: (linkId: string) => request<Sprout>('POST', `/magic/${id(linkId)}/remix`),
  };
}

/** POST /build/v1/uploads?sproutId= with the image itself as the body → the upload's id, type and size. */
export async function uploadImage(api: ApiClient, sproutId: string, file: Blob): Promise<Attachment> {
  const res = await api.fetch('POST', buildPaths.upload(sproutId), file);
  const json = (await res.json().catch(() => ({}))) as Partial<Upload> & { message?: unknown };
  if (!res.ok) throw new Error(typeof json.message === 'string' ? json.message : `Upload failed (${res.status})`);
  return { uploadId: String(json.id), mimeType: String(json.mimeType), size: Number(json.size) };
}

/** GET /build/v1/uploads/:id (the bearer token is needed, so not an <img> URL) → an object URL, or null when it cannot be shown. */
export const uploadedImageUrl = (api: ApiClient, uploadId: string) => imageUrl(api, buildPaths.uploaded(uploadId));

/** An image the API serves only with the bearer token (an upload, a screenshot) as an address an <img> can show; null when it cannot be loaded. */
export async function imageUrl(api: ApiClient, path: string): Promise<string | null> {
  try {
    const res = await api.fetch('GET', path);
    if (!res.ok) return null;
    return URL.createObjectURL(await res.blob());
  } catch {
    return null;
  }
}

/**
 * GET /build/v1/sprouts/:id/export with the bearer token (a plain link cannot send it), handed to
 * the browser as `{name}.zip`. Resolves to the file's name, or to why the server refused; a network
 * failure throws.
 */
export async function downloadExport(api: ApiClient, sprout: Sprout): Promise<{ name: string } | { refused: string }> {
  const res = await api.fetch('GET', buildPaths.export(sprout.id));
  if (!res.ok) {
    const json = (await res.json().catch(() => ({}))) as { message?: unknown };
    return { refused: typeof json.message === 'string' ? json.message : `${res.statusText || 'Error'} (${res.status})` };
  }
  const name = fileNameFromDisposition(res.headers.get('content-disposition')) ?? exportFileName(sprout);
  saveBlob(await res.blob(), name);
  return { name };
}

/** Hands a blob to the browser as a download called `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
