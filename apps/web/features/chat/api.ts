import type { z } from 'zod';
import type { ApprovePlanBody, Attachment, ChatMessages, RuntimeErrorsBody, SendMessageBody, Upload } from '@sprout/core/contract';
import {
  activeRun,
  approvePlan,
  attempt,
  chatMessages,
  reportRuntimeErrors,
  restoreAttempt,
  run,
  sendMessage,
  stopRun,
  upload,
  uploaded,
} from '@sprout/core/routes';
import type { ApiCall, ApiClient } from '@/lib/api/client';
import { imageUrl } from '@/lib/api/download';

/*
 * The chat's calls to the build API (`{api}/build/v1`), one plain function each, typed by its route:
 * plain functions (no React), so the chat session's modules use them as well as the hooks.
 */

export type ChatMessageList = z.infer<typeof ChatMessages>;
export type RuntimeErrorsReport = z.infer<typeof RuntimeErrorsBody>;

export function chatCalls(call: ApiCall) {
  return {
    messages: (sproutId: string) => call(chatMessages, { params: { id: sproutId }, query: { limit: 200 } }),
    sendMessage: (sproutId: string, body: SendMessageBody) => call(sendMessage, { params: { id: sproutId }, body }),
    approvePlan: (sproutId: string, body: ApprovePlanBody) => call(approvePlan, { params: { id: sproutId }, body }),
    activeRun: (sproutId: string) => call(activeRun, { params: { id: sproutId } }),
    run: (runId: string) => call(run, { params: { id: runId } }),
    stopRun: (runId: string) => call(stopRun, { params: { id: runId } }),
    attempt: (runId: string) => call(attempt, { params: { id: runId } }),
    restoreAttempt: (runId: string) => call(restoreAttempt, { params: { id: runId } }),
    reportRuntimeErrors: (runId: string, body: RuntimeErrorsReport) => call(reportRuntimeErrors, { params: { id: runId }, body }),
  };
}

export type ChatCalls = ReturnType<typeof chatCalls>;

/** The image itself as the body → the upload's id, type and size. */
export async function uploadImage(api: ApiClient, sproutId: string, file: Blob): Promise<Attachment> {
  const res = await api.fetch(upload, { query: { sproutId } }, file);
  const json = (await res.json().catch(() => ({}))) as Partial<Upload> & { message?: unknown };
  if (!res.ok) throw new Error(typeof json.message === 'string' ? json.message : `Upload failed (${res.status})`);
  return { uploadId: String(json.id), mimeType: String(json.mimeType), size: Number(json.size) };
}

/** An uploaded image (the bearer token is needed, so not an <img> URL) → an object URL, or null when it cannot be shown. */
export const uploadedImageUrl = (api: ApiClient, uploadId: string) => imageUrl(api, uploaded, { params: { id: uploadId } });
