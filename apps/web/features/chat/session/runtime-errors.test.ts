import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PreviewMessage } from '@sprout/core';
import { pathOf, type Route } from '@sprout/core/routes';
import { RuntimeErrorForwarder } from './runtime-errors';

const error = (message: string, load: string | null = 'tag1') =>
  ({ type: 'error', message, location: { file: 'client/src/App.tsx', line: 3, column: 1 }, ...(load ? { load } : {}) }) as unknown as PreviewMessage;

function forwarder(activeRunId: () => string | null) {
  const posts: { path: string; body: unknown }[] = [];
  const fixes: string[] = [];
  const f = new RuntimeErrorForwarder(
    // The API's answer, for the address the chat's call builds from the route table.
    () =>
      (async (route: Route, input: { params: never; body: unknown }) => {
        posts.push({ path: `${route.method} ${pathOf(route, input.params)}`, body: input.body });
        return { started: true, runId: 'fix1', reason: null };
      }) as never,
    (runId) => !!activeRunId() && activeRunId() !== runId,
    (runId) => fixes.push(runId),
  );
  return { f, posts, fixes };
}

describe('RuntimeErrorForwarder', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports errors of the version a still-open run made (its type check ends after the preview loads)', async () => {
    const { f, posts, fixes } = forwarder(() => 'run1');
    f.open('run1', new Date(Date.now() + 30_000).toISOString());
    f.onMessage(error('tip total is not a number'));
    f.onMessage(error('again'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.path).toBe('POST /runs/run1/runtime-errors');
    expect(posts[0]!.body).toEqual({
      load: 'tag1',
      errors: [
        { message: 'tip total is not a number', source: 'client/src/App.tsx', line: 3 },
        { message: 'again', source: 'client/src/App.tsx', line: 3 },
      ],
    });
    expect(fixes).toEqual(['fix1']);
  });

  it('reports nothing while another run writes the project, after the window, or twice', async () => {
    const busy = forwarder(() => 'run2');
    busy.f.open('run1', new Date(Date.now() + 30_000).toISOString());
    busy.f.onMessage(error('x'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(busy.posts).toHaveLength(0);

    const late = forwarder(() => null);
    late.f.open('run1', new Date(Date.now() + 500).toISOString());
    await vi.advanceTimersByTimeAsync(1000);
    late.f.onMessage(error('x'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(late.posts).toHaveLength(0);

    // A page the server did not tag (not a load of this version) has nothing to report.
    const untagged = forwarder(() => null);
    untagged.f.open('run1', new Date(Date.now() + 30_000).toISOString());
    untagged.f.onMessage(error('x', null));
    await vi.advanceTimersByTimeAsync(1000);
    expect(untagged.posts).toHaveLength(0);

    // An error the page posted while its version had no tag, then retold with the tag: one error, reported once.
    const retold = forwarder(() => null);
    retold.f.open('run1', new Date(Date.now() + 30_000).toISOString());
    retold.f.onMessage(error('x', null));
    retold.f.onMessage({ ...error('x'), retold: true });
    retold.f.onMessage(error('y', 'another-load'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(retold.posts.map((p) => p.body)).toEqual([{ load: 'tag1', errors: [{ message: 'x', source: 'client/src/App.tsx', line: 3 }] }]);

    const once = forwarder(() => null);
    once.f.open('run1', new Date(Date.now() + 30_000).toISOString());
    once.f.onMessage(error('x'));
    await vi.advanceTimersByTimeAsync(1000);
    once.f.onMessage(error('y'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(once.posts).toHaveLength(1);
  });
});
