import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReplyWatch, type ReplyActivity } from './reply-watch';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function watched() {
  const watch = new ReplyWatch(() => {});
  let activity: ReplyActivity = { running: false, sending: false, phase: null };
  let listener = () => {};
  watch.follow({ subscribe: (l) => ((listener = l), () => {}), get: () => activity });
  const say = (next: Partial<ReplyActivity>) => {
    activity = { ...activity, ...next };
    listener();
  };
  return { watch, say };
}

describe('the reply the preview follows', () => {
  it('waits for a first prompt’s reply until it starts', () => {
    const { watch, say } = watched();
    watch.expectFirstPrompt();
    expect(watch.state.firstPrompt).toBe(true);
    say({ sending: true });
    say({ sending: false, running: true });
    expect(watch.state.firstPrompt).toBe(false);
  });

  it('stops waiting when the send ends without a reply (the paywall), or after 20 s', async () => {
    const { watch, say } = watched();
    watch.expectFirstPrompt();
    say({ sending: true });
    say({ sending: false });
    expect(watch.state.firstPrompt).toBe(false);
    watch.expectFirstPrompt();
    await vi.advanceTimersByTimeAsync(19_999);
    expect(watch.state.firstPrompt).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(watch.state.firstPrompt).toBe(false);
  });

  it('does not wait for a first prompt whose reply is already being written', () => {
    const { watch, say } = watched();
    say({ running: true });
    watch.expectFirstPrompt();
    expect(watch.state.firstPrompt).toBe(false);
  });
});
