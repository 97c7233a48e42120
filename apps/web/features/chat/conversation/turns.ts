import type { ChatMessage, Run } from '@sprout/core/contract';
import type { ChatAttachment, PendingMessage } from '../session/chat-state';
import { runPhase } from './run-labels';
import { runViewFromDto, type RunView } from '../session/run-view';

export type ChatItem =
  | {
      kind: 'user';
      key: string;
      text: string;
      attachments: ChatAttachment[];
      /** `sending` until the server accepted it. */
      status: 'sending' | 'sent';
      createdAt: string;
      /** Build pressed on a plan: the plan's request with the answers picked. */
      planBuild?: boolean;
    }
  | {
      kind: 'assistant';
      key: string;
      runId: string | null;
      /** Events followed in this page (live or replayed), or the stored run's state. */
      view: RunView | null;
      /** True when `view` comes from events, with file cards and checks. */
      detailed: boolean;
      /** The stored reply's prose, once the run has ended. */
      content: string | null;
      /** What the person asked (for Retry), when this reply answers a message. */
      request: { text: string; attachments: ChatAttachment[] } | null;
      createdAt: string;
    };

function assistant(
  runId: string | null,
  runs: Record<string, RunView>,
  dto: Run | null,
  content: string | null,
  request: { text: string; attachments: ChatAttachment[] } | null,
  createdAt: string,
): ChatItem {
  const followed = runId ? runs[runId] : undefined;
  return {
    kind: 'assistant',
    key: runId ? `run-${runId}` : `reply-${createdAt}`,
    runId,
    // A run whose events have not arrived yet (a replay loading) shows as stored meanwhile.
    view: followed && (followed.lastSeq > 0 || !dto) ? followed : dto ? runViewFromDto(dto) : (followed ?? null),
    detailed: !!followed && followed.lastSeq > 0,
    content,
    request,
    createdAt,
  };
}

/**
 * The conversation in display order: stored messages (each person's message followed by the reply
 * to it, even while that reply is still being written), then messages sent from this page that the
 * stored chat does not show yet, then replies without a message (runtime fixes) followed here.
 */
export function buildChatItems(messages: ChatMessage[], pending: PendingMessage[], runs: Record<string, RunView>, followed: string[]): ChatItem[] {
  const items: ChatItem[] = [];
  const seenRuns = new Set<string>();
  const repliedRuns = new Set(messages.filter((m) => m.role === 'assistant' && m.runId).map((m) => m.runId!));
  const storedIds = new Set(messages.map((m) => m.id));
  const requests = new Map<string, { text: string; attachments: ChatAttachment[] }>();
  // The builds plans started: their messages are Build pressed on the plan.
  const planBuilds = new Set<string>();
  for (const m of messages) if (m.run?.plan?.approved) planBuilds.add(m.run.plan.approved.runId);
  for (const v of Object.values(runs)) if (v.plan?.approved) planBuilds.add(v.plan.approved.runId);
  const built = (runId: string | null | undefined) => (runId && planBuilds.has(runId) ? { planBuild: true } : {});

  for (const m of messages) {
    if (m.role === 'user') {
      const request = { text: m.content, attachments: m.attachments };
      items.push({ kind: 'user', key: `msg-${m.id}`, text: m.content, attachments: m.attachments, status: 'sent', createdAt: m.createdAt, ...built(m.runId) });
      if (m.runId) {
        requests.set(m.runId, request);
        // The reply is not stored until its run ends: show the run in its place meanwhile.
        if (!repliedRuns.has(m.runId)) {
          seenRuns.add(m.runId);
          items.push(assistant(m.runId, runs, m.run, null, request, m.createdAt));
        }
      }
      continue;
    }
    if (m.runId && seenRuns.has(m.runId)) continue;
    if (m.runId) seenRuns.add(m.runId);
    items.push(assistant(m.runId, runs, m.run, m.content, m.runId ? (requests.get(m.runId) ?? null) : null, m.createdAt));
  }

  // A message whose answer is still on its way may already be in a chat fetched meanwhile: the same
  // text with a running reply (only one reply runs at a time, so it cannot be another message).
  const storedRunning = new Set(messages.filter((m) => m.role === 'user' && m.run?.status === 'running').map((m) => m.content));
  for (const p of pending) {
    if (p.messageId && storedIds.has(p.messageId)) continue;
    if (!p.messageId && storedRunning.has(p.text)) continue;
    const request = { text: p.text, attachments: p.attachments };
    const planBuild = p.planBuild ? { planBuild: true } : built(p.runId);
    items.push({ kind: 'user', key: `local-${p.localId}`, text: p.text, attachments: p.attachments, status: p.status, createdAt: p.createdAt, ...planBuild });
    if (p.runId) {
      if (seenRuns.has(p.runId)) continue;
      seenRuns.add(p.runId);
      items.push(assistant(p.runId, runs, null, null, request, p.createdAt));
    } else {
      // Sent, not yet accepted: the reply's place is already there, so nothing moves when it starts.
      items.push({ kind: 'assistant', key: `wait-${p.localId}`, runId: null, view: null, detailed: false, content: null, request, createdAt: p.createdAt });
    }
  }

  for (const runId of followed) {
    if (seenRuns.has(runId) || !runs[runId]) continue;
    seenRuns.add(runId);
    items.push(assistant(runId, runs, null, null, null, runs[runId]!.startedAt ?? new Date().toISOString()));
  }
  return items;
}

/** What a screen reader hears about the newest reply (only when it changes phase, never per token). */
export function announcement(items: ChatItem[]): string {
  const last = items.findLast((i) => i.kind === 'assistant');
  if (!last || last.kind !== 'assistant' || !last.view) return '';
  const v = last.view;
  if (v.status === 'running') return `Sprout: ${runPhase(v)}`;
  if (v.status === 'finished') return `Sprout finished${v.summary ? `: ${v.summary}` : ''}.`;
  if (v.status === 'failed') return `The reply failed: ${v.error?.message ?? ''}`;
  return 'The reply was stopped.';
}
