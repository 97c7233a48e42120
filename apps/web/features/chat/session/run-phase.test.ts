import type { Plan, RunEvent, RunEventPayloads, RunEventType } from '@sprout/core/contract';
import { describe, expect, it } from 'vitest';
import { INITIAL_CHAT_STATE, type ChatState } from './chat-state';
import { applyRunEvent, emptyRunView, type RunView } from './run-view';
import { replyActivity, runPreviewPhase } from './run-phase';

let seq = 0;
const ev = <T extends RunEventType>(type: T, data: RunEventPayloads[T]): RunEvent => ({ seq: ++seq, type, at: '2026-01-01T00:00:00Z', data }) as RunEvent;
const run = (events: RunEvent[]): RunView => events.reduce(applyRunEvent, emptyRunView('r1'));
const write = (path: string) => [ev('file.started', { path }), ev('file.written', { path, bytes: 10, created: true })];
const check = (round: number, ok: boolean) => ev('check.result', { round, ok, issues: [], fixes: [], durationMs: 5 });
const totals = { model: 'm', tokensIn: 1, tokensOut: 1, fixRounds: 0, durationMs: 1 };

describe('the preview status of a reply under way', () => {
  it('counts the files being written, then says the candidate is being opened and checked', () => {
    expect(runPreviewPhase(run([]))?.label).toBe('Building…');
    const files = Array.from({ length: 8 }, (_, i) => write(`client/src/F${i}.tsx`)).flat();
    expect(runPreviewPhase(run([...files, ev('file.started', { path: 'client/src/F0.tsx' })]))?.label).toBe('Building… writing 8 files');
    const candidate = [...files, ev('preview.candidate', { versionId: 'c1', round: 0 })];
    expect(runPreviewPhase(run(candidate))).toMatchObject({ kind: 'checking', label: 'Checking… opening your app in a browser' });
    expect(runPreviewPhase(run([...candidate, check(0, true)]))?.kind).toBe('checking');
  });

  it('says it is fixing after a failed check, with the files of the fix round', () => {
    const fixing = [
      ...write('client/src/App.tsx'),
      check(0, false),
      ev('fix.started', {
        round: 1,
        reason: 'errors',
        issues: [
          { source: 'build', message: 'x' },
          { source: 'build', message: 'y' },
        ] as never,
      }),
    ];
    expect(runPreviewPhase(run(fixing))?.label).toBe('Fixing 2 problems…');
    expect(runPreviewPhase(run([...fixing, ...write('client/src/App.tsx')]))?.label).toBe('Fixing… writing 1 file');
    expect(runPreviewPhase(run([...fixing, ...write('client/src/App.tsx'), ev('preview.candidate', { versionId: 'c2', round: 1 })]))?.kind).toBe('checking');
  });

  it('hands over to the frame once the version exists, and says nothing for an ended reply', () => {
    const made = [...write('client/src/App.tsx'), ev('version.created', { versionId: 'v3', number: 3, summary: null })];
    expect(runPreviewPhase(run(made))).toBeNull();
    expect(runPreviewPhase(run([ev('run.failed', { ...totals, code: 'x', message: 'y', refunded: true })]))).toBeNull();
    expect(runPreviewPhase(null)).toBeNull();
  });
});

const PLAN: Plan = { summary: 'A habit tracker', screens: [], data: [], integrations: [], design: 'Calm', questions: [] };
const stateOf = (runs: RunView[], patch: Partial<ChatState> = {}): ChatState => ({
  ...INITIAL_CHAT_STATE,
  runs: Object.fromEntries(runs.map((r) => [r.id, r])),
  followed: runs.map((r) => r.id),
  ...patch,
});

describe('what the preview is told of the reply', () => {
  it('a plan being written is planning, not building', () => {
    const planning = { ...emptyRunView('run_1', 'plan') };
    expect(replyActivity(stateOf([planning], { activeRunId: 'run_1' }))).toEqual({
      running: true,
      sending: false,
      phase: { kind: 'planning', label: 'Planning… nothing is built or charged yet', busy: true },
      planReady: false,
    });
  });

  it('a finished plan not built yet waits for Build; built, sending or followed by another reply, it does not', () => {
    const plan: RunView = { ...emptyRunView('run_1', 'plan'), status: 'finished', plan: { plan: PLAN, approved: null } };
    expect(replyActivity(stateOf([plan])).planReady).toBe(true);
    expect(replyActivity(stateOf([plan], { sending: true })).planReady).toBe(false);
    const approved = { ...plan, plan: { plan: PLAN, approved: { at: '2026-12-03T00:00:00Z', runId: 'run_2', answers: {}, notes: null } } };
    expect(replyActivity(stateOf([approved])).planReady).toBe(false);
    const build: RunView = { ...emptyRunView('run_2'), status: 'finished' };
    expect(replyActivity(stateOf([plan, build])).planReady).toBe(false);
    expect(replyActivity(stateOf([build, plan])).planReady).toBe(true);
  });
});
