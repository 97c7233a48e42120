import type { ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { toolContext } from './context.testing';
import { CallGate, createToolSet, describeCall, TOOLS } from './tool-set';

const call = (set: ToolSet, name: string, input: unknown, toolCallId = 'c1') =>
  set[name]!.execute!(input as never, { toolCallId, messages: [], abortSignal: new AbortController().signal }) as Promise<{ text: string; summary: string }>;

describe('the tool set', () => {
  it('offers the seven tools, described for the model and the chat', () => {
    const { ctx } = toolContext({});
    const set = createToolSet(ctx, new CallGate());
    expect(Object.keys(set)).toEqual(['read_file', 'search_files', 'list_files', 'run_checks', 'view_preview', 'query_data', 'ask_person']);
    expect(Object.keys(TOOLS)).toEqual(Object.keys(set));
    expect(describeCall('search_files', { query: 'useState', folder: 'client/src' })).toBe('Searching for "useState" in client/src');
    expect(describeCall('read_file', null)).toBe('Calling read_file');
    expect(describeCall('delete_everything', {})).toBe('Calling delete_everything');
  });

  it('runs a call once the stream has reached it, and refuses the same call a third time', async () => {
    const { ctx } = toolContext({ 'client/src/App.tsx': 'x\n' });
    const gate = new CallGate();
    const set = createToolSet(ctx, gate);
    let ran = false;
    const first = call(set, 'read_file', { path: 'client/src/App.tsx' }).then((r) => {
      ran = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(ran).toBe(false);
    gate.open('c1');
    expect((await first).summary).toBe('Read client/src/App.tsx (1 line)');
    gate.open('c2');
    gate.open('c3');
    await call(set, 'read_file', { path: 'client/src/App.tsx' }, 'c2');
    const third = await call(set, 'read_file', { path: 'client/src/App.tsx' }, 'c3');
    expect(third).toEqual({
      text: 'Not run: I called read_file with the same input 3 times without anything changing in between. Stop calling tools and finish your answer.',
      summary: 'Stopped: read_file called again with the same input',
    });
  });

  it('tells the model a tool failed instead of failing the run', async () => {
    const { ctx } = toolContext({}, { build: async () => Promise.reject(new Error('the builder is gone')) });
    const gate = new CallGate();
    gate.open('c1');
    expect(await call(createToolSet(ctx, gate), 'run_checks', {})).toEqual({ text: 'run_checks failed: the builder is gone', summary: 'run_checks failed' });
  });

  it('shows a screenshot to a model that sees pictures in tool results, and only the text to one that does not', async () => {
    const output = { text: 'Opened', summary: 's', image: { data: new Uint8Array([1, 2]), mediaType: 'image/jpeg' } };
    const toModel = (seesImages: boolean) =>
      createToolSet(toolContext({}, {}, { seesImages }).ctx, new CallGate()).view_preview!.toModelOutput!({ toolCallId: 'c', input: {}, output });
    expect(await toModel(true)).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: 'Opened' },
        { type: 'image-data', data: 'AQI=', mediaType: 'image/jpeg' },
      ],
    });
    expect(await toModel(false)).toEqual({ type: 'text', value: 'Opened' });
  });
});

describe('CallGate', () => {
  it('lets a call through once reached, on abort, or after its wait', async () => {
    const gate = new CallGate();
    gate.open('a');
    await gate.until('a', undefined);
    const stop = new AbortController();
    const waiting = gate.until('b', stop.signal);
    stop.abort();
    await waiting;
    await gate.until('c', undefined, 5);
  });
});
