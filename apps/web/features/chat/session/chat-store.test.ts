import type { Run, RunEvent } from '@sprout/core/contract';
import { describe, expect, it } from 'vitest';
import { ChatStore } from './chat-store';

const event = (seq: number, type: string, data: unknown): RunEvent => ({ seq, type, at: '2026-01-01T00:00:00Z', data }) as RunEvent;

describe('ChatStore', () => {
  it('shows a message at once, marks it sent, and drops it once the stored chat has it', () => {
    const store = new ChatStore();
    let notified = 0;
    store.subscribe(() => notified++);
    const p = store.addPending('make it blue', []);
    expect(store.getSnapshot()).toMatchObject({ sending: true, pending: [{ text: 'make it blue', status: 'sending' }] });
    store.markSent(p.localId, 'r1', 'm1');
    expect(store.getSnapshot()).toMatchObject({ sending: false, pending: [{ status: 'sent', runId: 'r1', messageId: 'm1' }] });
    const before = store.getSnapshot();
    store.dropDelivered(new Set(['other']));
    expect(store.getSnapshot()).toBe(before);
    store.dropDelivered(new Set(['m1']));
    expect(store.getSnapshot().pending).toEqual([]);
    expect(notified).toBe(3);
  });

  it('gives a refused message back to the input, a new nonce each time', () => {
    const store = new ChatStore();
    const p = store.addPending('hello', []);
    store.rollback(p.localId, 'hello', []);
    expect(store.getSnapshot()).toMatchObject({ sending: false, pending: [], restore: { text: 'hello', nonce: 1 } });
    store.rollback(null, 'again', []);
    expect(store.getSnapshot().restore).toMatchObject({ text: 'again', nonce: 2 });
    store.clearRestore();
    expect(store.getSnapshot().restore).toBeNull();
  });

  it('follows a live run as the active one, applies its events, and frees the input at its end', () => {
    const store = new ChatStore();
    store.startFollowing('r1', true, 'message', 'offline');
    expect(store.getSnapshot()).toMatchObject({ activeRunId: 'r1', followed: ['r1'], streams: { r1: 'connecting' } });
    store.applyEvents([
      { runId: 'r1', event: event(1, 'text.delta', { text: 'Hi' }) },
      { runId: 'r1', event: event(2, 'text.delta', { text: '!' }) },
    ]);
    expect(store.getSnapshot().runs.r1).toMatchObject({ lastSeq: 2, model: 'offline', parts: [{ type: 'text', text: 'Hi!' }] });
    store.setStopping(true);
    store.endRun('other');
    expect(store.getSnapshot().activeRunId).toBe('r1');
    store.endRun('r1');
    expect(store.getSnapshot()).toMatchObject({ activeRunId: null, stopping: false });

    store.startFollowing('r0', false);
    expect(store.getSnapshot()).toMatchObject({ followed: ['r1'], streams: { r0: 'connecting' } });
  });

  it('settles a run from its stored state', () => {
    const store = new ChatStore();
    store.startFollowing('r1', true);
    const run = { status: 'failed', summary: null, model: 'm', tokensIn: 1, tokensOut: 2, fixRounds: 0, error: null, errorCode: null } as unknown as Run;
    store.settleRun('r1', run);
    expect(store.getSnapshot().runs.r1).toMatchObject({ status: 'failed', error: { code: 'error', message: 'This reply failed.' }, tokensOut: 2 });
    expect(store.getSnapshot().streams.r1).toBe('closed');
  });
});
