import { z } from 'zod';
import { flagValueSchema } from '../flags/flag-schemas';
import { promptSchema } from '../prompts/prompt-schema';
import { MAX_ATTACHMENTS } from '../projects/uploads';
import { resourceId } from './common';
import { ElementRef } from './visual-edits';
import { KeptPlan } from './plans';

/** message: answers a person's message (charged); runtime-fix and security-fix: free repairs Sprout starts (errors the preview reported, the publish security check's findings). */
export const RUN_KINDS = ['message', 'runtime-fix', 'security-fix', 'plan'] as const;
export type RunKind = (typeof RUN_KINDS)[number];

export const RUN_STATUSES = ['running', 'succeeded', 'failed', 'stopped', 'interrupted'] as const;

export const Run = z
  .object({
    id: z.string(),
    sproutId: z.string(),
    kind: z.enum(RUN_KINDS),
    parentRunId: z.string().nullable(),
    status: z
      .enum(RUN_STATUSES)
      .describe('interrupted: the API process died or restarted while writing the reply; `error` says so and the message was given back'),
    model: z.string().nullable(),
    summary: z.string().nullable(),
    error: z.string().nullable().describe('Shown in the chat when the run failed'),
    errorCode: z.string().nullable(),
    baseVersionId: z.string().nullable(),
    resultVersionId: z.string().nullable(),
    tokensIn: z.number().int().nullable(),
    tokensOut: z.number().int().nullable(),
    fixRounds: z.number().int(),
    refunded: z.boolean().describe('The message was given back: it does not count against the plan (a failed reply, or one that changed nothing)'),
    plan: KeptPlan.nullable().optional().describe('A plan run: the plan it proposed, and whether it was approved'),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'Run' });
export type Run = z.infer<typeof Run>;
export type RunStatus = Run['status'];

export const Attachment = z.object({ uploadId: z.string(), mimeType: z.string(), size: z.number().int() });
export type Attachment = z.infer<typeof Attachment>;

export const ChatMessage = z
  .object({
    id: z.string(),
    role: z.enum(['user', 'assistant']),
    content: z.string().describe('Markdown; for assistant messages the prose without the file blocks'),
    attachments: z.array(Attachment),
    runId: z.string().nullable(),
    run: Run.nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof ChatMessage>;

export const ChatMessages = z.object({ messages: z.array(ChatMessage) });
export const ChatMessagesQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(200).optional(), before: z.iso.datetime().optional() });

/**
 * Flags a developer may set per request from the web app's developer toolbar (kept in their
 * browser). Honoured for internal staff and course engineers only; others get 403.
 */
export const FlagOverridesBody = z.strictObject({
  aiModelOverride: flagValueSchema('aiModelOverride').optional(),
  enablePartialFileReplacement: z.boolean().optional(),
  enableCondensedContext: z.boolean().optional(),
  enableImageUploads: z.boolean().optional(),
});
export type FlagOverridesBody = z.infer<typeof FlagOverridesBody>;

export const SendMessageBody = z.strictObject({
  text: promptSchema,
  attachments: z.array(resourceId('upload')).max(MAX_ATTACHMENTS).optional().describe('Upload ids (POST /build/v1/uploads)'),
  flags: FlagOverridesBody.optional().describe('Developer toolbar overrides (staff and course engineers only)'),
  mode: z.enum(['plan', 'build']).optional().describe('plan: answer with a plan (the plan.proposed event) instead of code, uncharged; build (default): build'),
  element: ElementRef.optional().describe('The element selected in the preview: the message is about it, and its code comes first in the context'),
});
export type SendMessageBody = z.infer<typeof SendMessageBody>;

export const MessageSent = z.object({ runId: z.string(), messageId: z.string() });
export type MessageSent = z.infer<typeof MessageSent>;

export const ActiveRun = z.object({ run: Run.nullable() });

export const RuntimeErrorReport = z.strictObject({
  message: z.string().min(1).max(2000),
  source: z.string().max(300).optional().describe('File or URL the error points into'),
  line: z.number().int().min(0).max(10_000_000).optional(),
});
export type RuntimeErrorReport = z.infer<typeof RuntimeErrorReport>;

/**
 * `load`: the tag the preview page was served with (the bridge sends it); a report without a valid one
 * is refused. Only errors the page's bridge also reported to the preview host (or the server's render
 * check found) for that version are repaired; a report with none of those answers `runtime_errors_not_seen`.
 */
export const RuntimeErrorsBody = z.strictObject({ errors: z.array(RuntimeErrorReport).min(1).max(10), load: z.string().min(1).max(2000) });

/** Whether reported runtime errors started a free fix run, and if not, why. */
export const RuntimeFixAnswer = z.object({ started: z.boolean(), runId: z.string().nullable(), reason: z.string().nullable() });
export type RuntimeFixAnswer = { started: true; runId: string; reason: null } | { started: false; runId: null; reason: string };

export const Upload = z.object({ id: z.string(), mimeType: z.string(), size: z.number().int() }).meta({ id: 'Upload' });
export type Upload = z.infer<typeof Upload>;
export const UploadQuery = z.strictObject({ sproutId: resourceId('project').optional() });
