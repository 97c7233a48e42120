import { z } from 'zod';
import type { MessageRow, RunRow, VersionRow } from '@sprout/db';

export const RunDto = z
  .object({
    id: z.string(),
    sproutId: z.string(),
    kind: z.enum(['message', 'runtime-fix']),
    parentRunId: z.string().nullable(),
    status: z.enum(['running', 'succeeded', 'failed', 'stopped', 'interrupted']).describe('interrupted: the API process died or restarted while writing the reply; `error` says so and the message was given back'),
    model: z.string().nullable(),
    summary: z.string().nullable(),
    error: z.string().nullable().describe('Shown in the chat when the run failed'),
    errorCode: z.string().nullable(),
    baseVersionId: z.string().nullable(),
    resultVersionId: z.string().nullable(),
    tokensIn: z.number().int().nullable(),
    tokensOut: z.number().int().nullable(),
    fixRounds: z.number().int(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'Run' });
export type RunDto = z.infer<typeof RunDto>;

export function toRunDto(r: RunRow): RunDto {
  return {
    id: r.id,
    sproutId: r.sproutId,
    kind: r.kind === 'runtime-fix' ? 'runtime-fix' : 'message',
    parentRunId: r.parentRunId,
    status: r.status as RunDto['status'],
    model: r.model,
    summary: r.summary,
    error: r.error,
    errorCode: r.errorCode,
    baseVersionId: r.baseVersionId,
    resultVersionId: r.resultVersionId,
    tokensIn: r.tokensIn,
    tokensOut: r.tokensOut,
    fixRounds: r.fixRounds,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

export const AttachmentDto = z.object({ uploadId: z.string(), mimeType: z.string(), size: z.number().int() });

export const MessageDto = z
  .object({
    id: z.string(),
    role: z.enum(['user', 'assistant']),
    content: z.string().describe('Markdown; for assistant messages the prose without the file blocks'),
    attachments: z.array(AttachmentDto),
    runId: z.string().nullable(),
    run: RunDto.nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ChatMessage' });
export type MessageDto = z.infer<typeof MessageDto>;

export function toMessageDto(m: MessageRow, run: RunRow | undefined): MessageDto {
  const attachments = Array.isArray(m.attachments) ? (m.attachments as z.infer<typeof AttachmentDto>[]) : [];
  return {
    id: m.id,
    role: m.role === 'assistant' ? 'assistant' : 'user',
    content: m.content,
    attachments,
    runId: m.runId,
    run: run ? toRunDto(run) : null,
    createdAt: m.createdAt.toISOString(),
  };
}

export const VersionDto = z
  .object({
    id: z.string(),
    number: z.number().int(),
    parentId: z.string().nullable(),
    source: z.string().describe('create | run | manual | restore | remix …'),
    summary: z.string().nullable(),
    runId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Version' });
export type VersionDto = z.infer<typeof VersionDto>;

export function toVersionDto(v: VersionRow): VersionDto {
  return { id: v.id, number: v.number, parentId: v.parentId, source: v.source, summary: v.summary, runId: v.runId, createdAt: v.createdAt.toISOString() };
}
