import { ToolChoiceViolationError, type LanguageModelUsage } from 'ai';
import { describe, expect, it } from 'vitest';
import { toolContext } from './context.testing';
import { toolTurn } from './tool-turn';

const usage = { inputTokens: 5, outputTokens: 5, totalTokens: 10 } as LanguageModelUsage;

describe('toolTurn', () => {
  it('sends tool.called and tool.result as the stream reaches them, and counts each step', () => {
    const { ctx, events, session } = toolContext({});
    const turn = toolTurn(ctx)!;
    turn.observe({ type: 'tool-call', toolCallId: 'c1', toolName: 'read_file', input: { path: 'client/src/App.tsx' } } as never);
    turn.observe({
      type: 'tool-result',
      toolCallId: 'c1',
      toolName: 'read_file',
      input: { path: 'client/src/App.tsx' },
      output: { text: '…', summary: 'Read client/src/App.tsx (3 lines)' },
    } as never);
    turn.observe({ type: 'tool-error', toolCallId: 'c2', toolName: 'list_files', input: '{"folder":', error: new Error('Invalid input\nmore') } as never);
    turn.observe({ type: 'finish-step', finishReason: 'tool-calls', usage } as never);
    expect(events).toEqual([
      { type: 'tool.called', data: { name: 'read_file', input: { path: 'client/src/App.tsx' }, summary: 'Reading client/src/App.tsx' } },
      { type: 'tool.result', data: { name: 'read_file', input: { path: 'client/src/App.tsx' }, summary: 'Read client/src/App.tsx (3 lines)' } },
      { type: 'tool.result', data: { name: 'list_files', input: { value: '{"folder":' }, summary: 'list_files failed: Invalid input' } },
    ]);
    expect(session).toMatchObject({ steps: 1, tokens: 10, lastFinish: 'tool-calls' });
  });

  it('keeps in its events no more of an input than a tool takes', () => {
    const { ctx, events } = toolContext({});
    const turn = toolTurn(ctx)!;
    turn.observe({ type: 'tool-call', toolCallId: 'c1', toolName: 'read_file', input: { path: 'x'.repeat(5000) }, invalid: true } as never);
    expect(events[0]).toEqual({
      type: 'tool.called',
      data: { name: 'read_file', input: { value: `{"path":"${'x'.repeat(291)}` }, summary: 'Calling read_file' },
    });
  });

  it('accounts for a model that calls tools on the step that may not; any other error is the run’s', () => {
    const { ctx, session } = toolContext({});
    const turn = toolTurn(ctx)!;
    const late = new ToolChoiceViolationError({ toolChoice: { type: 'none' }, finishReason: 'tool-calls', provider: 'p', modelId: 'm', content: [] } as never);
    expect(turn.absorbs(late)).toBe(true);
    expect(turn.absorbs(new Error('rate limited'))).toBe(false);
    turn.observe({ type: 'finish-step', finishReason: 'error', usage } as never);
    expect(session.lastFinish).toBe('tool-calls');
  });

  it('gives no tools once the run’s tool use has stopped', () => {
    const { ctx, session } = toolContext({});
    session.ask('Which?', []);
    expect(toolTurn(ctx)).toBeNull();
  });
});
