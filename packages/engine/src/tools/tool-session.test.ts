import type { LanguageModelUsage, StepResult, ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { SAME_CALL_LIMIT, STALE_STEP_LIMIT, ToolSession } from './tool-session';

const usage = (tokens: number) => ({ inputTokens: tokens, outputTokens: 0, totalTokens: tokens }) as LanguageModelUsage;
const step = (text = '', tokens = 10) => ({ text, usage: usage(tokens) }) as unknown as StepResult<ToolSet>;

/** The session's early stop condition, as the SDK asks it after each step with tool calls. */
const early = (s: ToolSession) => s.bounds()!.stopWhen[1]!;

describe('ToolSession', () => {
  it('refuses the same call made again and again with nothing changed, whatever the order of its keys', () => {
    let revision = 0;
    const s = new ToolSession({ steps: 10, tokens: 1000 }, () => revision);
    expect(s.call('read_file', { path: 'a', startLine: 1 })).toBeNull();
    expect(s.call('read_file', { startLine: 1, path: 'a' })).toBeNull();
    // An edit between calls makes the same call a new one.
    revision++;
    expect(s.call('read_file', { path: 'a', startLine: 1 })).toBeNull();
    expect(s.call('read_file', { path: 'a', startLine: 1 })).toBeNull();
    expect(s.call('read_file', { path: 'a', startLine: 1 })).toBe(
      `I called read_file with the same input ${SAME_CALL_LIMIT} times without anything changing in between`,
    );
    expect(s.stop).toMatchObject({ kind: 'loop' });
    expect(s.bounds()).toBeNull();
  });

  it('calls steps that learn nothing and change nothing a loop; new answers, edits and protocol blocks are progress', async () => {
    const s = new ToolSession({ steps: 20, tokens: 1_000_000 }, () => 0);
    const stop = early(s);
    s.answered('the file');
    expect(await stop({ steps: [step()] })).toBe(false);
    s.answered('the file');
    for (let i = 1; i < STALE_STEP_LIMIT; i++) expect(await stop({ steps: [step()] })).toBe(false);
    // A step that writes a block is progress, even before the parser applied it.
    expect(await stop({ steps: [step('<sprout-edit path="client/src/App.tsx">')] })).toBe(false);
    for (let i = 1; i < STALE_STEP_LIMIT; i++) expect(await stop({ steps: [step()] })).toBe(false);
    expect(await stop({ steps: [step()] })).toBe(true);
    expect(s.stop).toEqual({ kind: 'loop', reason: `${STALE_STEP_LIMIT} steps in a row told me nothing new and changed nothing` });
  });

  it('bounds the steps and tokens of the whole run, the last step without tools', async () => {
    const s = new ToolSession({ steps: 3, tokens: 100 }, () => 0);
    const bounds = s.bounds()!;
    expect(bounds.prepareStep({ stepNumber: 1 } as never)).toBeUndefined();
    expect(bounds.prepareStep({ stepNumber: 2 } as never)).toEqual({ toolChoice: 'none' });
    s.stepFinished('tool-calls', usage(30));
    s.stepFinished('tool-calls', usage(30));
    // Two steps spent: one left, which may not call tools.
    expect(s.bounds()!.prepareStep({ stepNumber: 0 } as never)).toEqual({ toolChoice: 'none' });
    s.answered('new');
    expect(await early(s)({ steps: [step('', 50)] })).toBe(true);
    expect(s.stop).toEqual({ kind: 'limit', reason: 'I used the 100 tokens one reply may use with tools on your plan' });
  });

  it('calls a model stopped by its step bound while still calling tools a limit reached', () => {
    const s = new ToolSession({ steps: 2, tokens: 1_000_000 }, () => 0);
    s.stepFinished('tool-calls', usage(1));
    s.calledTooLate();
    s.stepFinished('error', usage(1));
    expect(s.lastFinish).toBe('tool-calls');
    s.afterTurn();
    expect(s.stop).toEqual({ kind: 'limit', reason: 'I used the 2 tool steps one reply may take on your plan' });
    // One that finished on its last step has not.
    const done = new ToolSession({ steps: 1, tokens: 1_000_000 }, () => 0);
    done.stepFinished('stop', usage(1));
    done.afterTurn();
    expect(done.stop).toBeNull();
  });

  it('keeps the first reason it stopped for', () => {
    const s = new ToolSession({ steps: 5, tokens: 1000 }, () => 0);
    s.ask('Which?', []);
    s.halt({ kind: 'loop', reason: 'later' });
    expect(s.stop).toEqual({ kind: 'asked', question: 'Which?', options: [] });
  });
});
