import { describe, expect, it } from 'vitest';
import type { Plan } from '@sprout/core/contract';
import { INITIAL_CHAT_STATE, type ChatState } from './chat-state';
import { replyActivity } from './run-phase';
import { emptyRunView, type RunView } from './run-view';

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
