import type { ChatMessage, Run } from '@sprout/core/contract';
import { describe, expect, it } from 'vitest';
import type { PendingMessage } from '../session/chat-state';
import { emptyRunView, type RunView } from '../session/run-view';
import { announcement, buildChatItems } from './turns';

const runDto = (id: string, status: Run['status']): Run => ({
  id,
  sproutId: 's',
  kind: 'message',
  parentRunId: null,
  status,
  model: 'offline',
  summary: null,
  error: status === 'failed' ? 'boom' : null,
  errorCode: status === 'failed' ? 'provider_error' : null,
  baseVersionId: null,
  resultVersionId: null,
  tokensIn: 1,
  tokensOut: 2,
  refunded: false,
  fixRounds: 0,
  createdAt: '2026-01-01T00:00:00Z',
  finishedAt: status === 'running' ? null : '2026-01-01T00:00:03Z',
});
const msg = (id: string, role: ChatMessage['role'], runId: string | null, run: Run | null, content = id): ChatMessage => ({
  id,
  role,
  content,
  attachments: [],
  runId,
  run,
  createdAt: '2026-01-01T00:00:00Z',
});

describe('chat items', () => {
  it('puts each reply after its message, the running one in place of the reply not stored yet', () => {
    const messages = [
      msg('u1', 'user', 'r1', runDto('r1', 'succeeded')),
      msg('a1', 'assistant', 'r1', runDto('r1', 'succeeded'), 'Done.'),
      msg('u2', 'user', 'r2', runDto('r2', 'running')),
    ];
    const items = buildChatItems(messages, [], {}, []);
    expect(items.map((i) => `${i.kind}:${i.key}`)).toEqual(['user:msg-u1', 'assistant:run-r1', 'user:msg-u2', 'assistant:run-r2']);
    expect(items[1]).toMatchObject({ content: 'Done.', detailed: false, request: { text: 'u1' } });
    expect(items[3]).toMatchObject({ content: null, request: { text: 'u2' } });
    expect((items[3] as { view: RunView }).view.status).toBe('running');
  });

  it('shows messages sent from the page until the stored chat has them, and runtime fixes followed here', () => {
    const live = { ...emptyRunView('r9'), lastSeq: 3 };
    const fix = { ...emptyRunView('rf', 'runtime-fix'), lastSeq: 1 };
    const pending: PendingMessage[] = [
      { localId: 'l1', text: 'make it blue', attachments: [], status: 'sent', runId: 'r9', messageId: 'm9', createdAt: 'x' },
      { localId: 'l2', text: 'and bigger', attachments: [], status: 'sending', runId: null, messageId: null, createdAt: 'y' },
    ];
    const items = buildChatItems([], pending, { r9: live, rf: fix }, ['r9', 'rf']);
    expect(items.map((i) => i.key)).toEqual(['local-l1', 'run-r9', 'local-l2', 'wait-l2', 'run-rf']);
    expect(items[1]).toMatchObject({ detailed: true, request: { text: 'make it blue' } });
    // Once stored, the optimistic copy goes; the reply keeps its place and its key.
    const stored = buildChatItems([msg('m9', 'user', 'r9', null, 'make it blue')], pending.slice(0, 1), { r9: live }, ['r9']);
    expect(stored.map((i) => i.key)).toEqual(['msg-m9', 'run-r9']);
  });

  it('marks the message Build sent on a plan, stored or still on its way, and no other', () => {
    const plan = { plan: { summary: 'A log', screens: [], data: [], integrations: [], design: 'Calm', questions: [] }, approved: null };
    const planRun = { ...runDto('rp', 'succeeded'), kind: 'plan' as const, plan: { ...plan, approved: { at: 'x', runId: 'rb', answers: {}, notes: null } } };
    const messages = [
      msg('u1', 'user', 'rp', planRun, 'a log'),
      msg('a1', 'assistant', 'rp', planRun, 'Here is my plan.'),
      msg('u2', 'user', 'rb', runDto('rb', 'succeeded'), 'a log'),
      msg('a2', 'assistant', 'rb', runDto('rb', 'succeeded'), 'Built.'),
    ];
    const users = (items: ReturnType<typeof buildChatItems>) => items.filter((i) => i.kind === 'user').map((i) => [i.key, i.planBuild ?? false]);
    expect(users(buildChatItems(messages, [], {}, []))).toEqual([
      ['msg-u1', false],
      ['msg-u2', true],
    ]);
    // Pressed in this page: marked as soon as it is sent.
    const pressed: PendingMessage = {
      localId: 'l1',
      text: 'a log',
      attachments: [],
      status: 'sending',
      runId: null,
      messageId: null,
      createdAt: 'x',
      planBuild: true,
    };
    expect(users(buildChatItems(messages.slice(0, 2), [pressed], {}, []))).toEqual([
      ['msg-u1', false],
      ['local-l1', true],
    ]);
  });
});

describe('announcement', () => {
  it('says the newest reply’s phase or outcome, and nothing before there is one', () => {
    const items = buildChatItems([msg('u1', 'user', 'r1', runDto('r1', 'running'))], [], {}, []);
    expect(announcement(items)).toBe('Sprout: Thinking…');
    expect(announcement(buildChatItems([msg('u1', 'user', 'r1', runDto('r1', 'failed'))], [], {}, []))).toBe('The reply failed: boom');
    expect(announcement(buildChatItems([msg('u1', 'user', null, null)], [], {}, []))).toBe('');
  });
});
