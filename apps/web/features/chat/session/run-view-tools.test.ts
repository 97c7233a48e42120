import type { RunEvent, RunEventPayloads, RunEventType } from '@sprout/core/contract';
import { describe, expect, it } from 'vitest';
import { runPhase } from '../conversation/run-labels';
import { applyRunEvent, emptyRunView, type RunView } from './run-view';

let seq = 0;
const ev = <T extends RunEventType>(type: T, data: RunEventPayloads[T]): RunEvent => ({ seq: ++seq, type, at: '2026-01-01T00:00:00Z', data }) as RunEvent;
const run = (events: RunEvent[], from: RunView = emptyRunView('r1')) => events.reduce(applyRunEvent, from);
const totals = { model: 'openai:gpt-4.1', tokensIn: 10, tokensOut: 5, fixRounds: 0, durationMs: 100 };
const read = { name: 'read_file', input: { path: 'client/src/App.tsx' } };

describe('run view: the steps of a model that uses tools', () => {
  it('shows a tool step as running when called and done with what it found, between the prose', () => {
    seq = 0;
    const called = run([ev('text.delta', { text: 'Let me look.' }), ev('tool.called', { ...read, summary: 'Reading client/src/App.tsx' })]);
    expect(called.parts.map((p) => p.type)).toEqual(['text', 'tool']);
    expect(called.parts[1]).toEqual({ type: 'tool', id: 'k2', ...read, summary: 'Reading client/src/App.tsx', status: 'running' });
    expect(runPhase(called)).toBe('Reading client/src/App.tsx…');
    const done = run([ev('tool.result', { ...read, summary: 'Read client/src/App.tsx (84 lines)' }), ev('text.delta', { text: 'Fixing it.' })], called);
    expect(done.parts.map((p) => p.type)).toEqual(['text', 'tool', 'text']);
    expect(done.parts[1]).toMatchObject({ id: 'k2', summary: 'Read client/src/App.tsx (84 lines)', status: 'done' });
  });

  it('pairs results with their calls when the calls of one step end in another order', () => {
    seq = 0;
    const checks = { name: 'run_checks', input: {} };
    const v = run([
      ev('tool.called', { ...read, summary: 'Reading client/src/App.tsx' }),
      ev('tool.called', { ...checks, summary: 'Running the checks' }),
      ev('tool.called', { ...read, summary: 'Reading client/src/App.tsx' }),
      ev('tool.result', { ...checks, summary: 'Checks: build ok, 1 behaviour check failed' }),
      ev('tool.result', { ...read, summary: 'Read client/src/App.tsx (84 lines)' }),
    ]);
    expect(v.parts.map((p) => (p.type === 'tool' ? [p.name, p.status, p.summary] : p.type))).toEqual([
      ['read_file', 'done', 'Read client/src/App.tsx (84 lines)'],
      ['run_checks', 'done', 'Checks: build ok, 1 behaviour check failed'],
      ['read_file', 'running', 'Reading client/src/App.tsx'],
    ]);
  });

  it('keeps a result whose call it did not see, and ends steps still running with the run', () => {
    seq = 0;
    const replayed = run([ev('tool.result', { name: 'list_files', input: {}, summary: 'Listed 12 files' })]);
    expect(replayed.parts).toEqual([{ type: 'tool', id: 'k1', name: 'list_files', input: {}, summary: 'Listed 12 files', status: 'done' }]);
    const failed = run([
      ev('tool.called', { ...read, summary: 'Reading client/src/App.tsx' }),
      ev('run.failed', { ...totals, code: 'tool_loop', message: 'I was going round in circles (…), so I stopped.', refunded: true }),
    ]);
    expect(failed.parts[0]).toMatchObject({ type: 'tool', status: 'done' });
    expect(failed.error).toEqual({ code: 'tool_loop', message: 'I was going round in circles (…), so I stopped.', refunded: true });
  });
});
