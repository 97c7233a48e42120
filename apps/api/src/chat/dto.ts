import { KeptPlan, type Attachment, type ChatMessage, type Run, type Version } from '@sprout/core/contract';
import type { MessageRow, RunRow, VersionRow } from '@sprout/db';

/** `refunded`: whether the run's message was given back (refundedRunIds). */
export function toRunDto(r: RunRow, refunded: boolean): Run {
  return {
    id: r.id,
    sproutId: r.sproutId,
    kind: r.kind === 'runtime-fix' || r.kind === 'security-fix' || r.kind === 'plan' ? r.kind : 'message',
    parentRunId: r.parentRunId,
    status: r.status as Run['status'],
    model: r.model,
    summary: r.summary,
    error: r.error,
    errorCode: r.errorCode,
    baseVersionId: r.baseVersionId,
    resultVersionId: r.resultVersionId,
    tokensIn: r.tokensIn,
    tokensOut: r.tokensOut,
    fixRounds: r.fixRounds,
    refunded,
    plan: r.kind === 'plan' ? keptPlanOf(r.plan) : null,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

export function toMessageDto(m: MessageRow, run: RunRow | undefined, refunded: boolean): ChatMessage {
  const attachments = Array.isArray(m.attachments) ? (m.attachments as Attachment[]) : [];
  return {
    id: m.id,
    role: m.role === 'assistant' ? 'assistant' : 'user',
    content: m.content,
    attachments,
    runId: m.runId,
    run: run ? toRunDto(run, refunded) : null,
    createdAt: m.createdAt.toISOString(),
  };
}

export function toVersionDto(v: VersionRow): Version {
  return { id: v.id, number: v.number, parentId: v.parentId, source: v.source, summary: v.summary, runId: v.runId, createdAt: v.createdAt.toISOString() };
}

/** A plan run's plan as kept on its row (null while it runs, or when a row holds something else). */
function keptPlanOf(value: unknown): KeptPlan | null {
  const read = KeptPlan.safeParse(value);
  return read.success ? read.data : null;
}
