import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEADLINE_TEXT, requestDeadline } from './request-deadline';

describe('request deadlines', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives up after its time limit', () => {
    const d = requestDeadline({ timeoutMs: 15_000, events: null });
    vi.advanceTimersByTime(14_999);
    expect(d.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(d.signal.aborted).toBe(true);
    expect(d.reason()).toBe('timeout');
    expect(DEADLINE_TEXT.timeout(15_000)).toBe('Sprout did not answer within 15 seconds. Check your connection and try again.');
  });

  it('stops at once when the browser goes offline, and when the caller cancels', () => {
    const events = new EventTarget();
    const offline = requestDeadline({ events });
    events.dispatchEvent(new Event('offline'));
    expect(offline.reason()).toBe('offline');

    const caller = new AbortController();
    const cancelled = requestDeadline({ signal: caller.signal, events });
    caller.abort();
    expect(cancelled.signal.aborted).toBe(true);
    expect(cancelled.reason()).toBe('aborted');

    const early = new AbortController();
    early.abort();
    expect(requestDeadline({ signal: early.signal, events }).reason()).toBe('aborted');
  });

  it('keeps the first reason, and nothing fires once the request is done', () => {
    const events = new EventTarget();
    const d = requestDeadline({ timeoutMs: 1000, events });
    events.dispatchEvent(new Event('offline'));
    vi.advanceTimersByTime(2000);
    expect(d.reason()).toBe('offline');

    const finished = requestDeadline({ timeoutMs: 1000, events });
    finished.done();
    events.dispatchEvent(new Event('offline'));
    vi.advanceTimersByTime(2000);
    expect(finished.signal.aborted).toBe(false);
    expect(finished.reason()).toBeNull();
  });

  it('has no time limit at 0', () => {
    const d = requestDeadline({ timeoutMs: 0, events: null });
    vi.advanceTimersByTime(10 * 60_000);
    expect(d.signal.aborted).toBe(false);
  });
});
