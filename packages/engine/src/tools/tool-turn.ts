import { ToolChoiceViolationError } from 'ai';
import type { TurnTools } from '../run/model-turn';
import type { ToolContext, ToolOutcome } from './tool-kit';
import { CallGate, createToolSet, describeCall } from './tool-set';

/** Past this, an input the tool's schema did not bound (a call it refused) is kept in the events as the start of its JSON. */
const MAX_EVENT_INPUT = 2_000;

/** The input object a tool.called event carries: the model's own, or what it sent in its place. */
function inputOf(input: unknown): Record<string, unknown> {
  const json = JSON.stringify(input ?? null) ?? 'null';
  if (input && typeof input === 'object' && !Array.isArray(input) && json.length <= MAX_EVENT_INPUT) return input as Record<string, unknown>;
  return { value: (typeof input === 'string' ? input : json).slice(0, 300) };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 160);

/**
 * A model turn with the run's tools, or null when the run's tool steps or tokens are spent or its
 * tool use was stopped: `tool.called` when the stream reaches a call, `tool.result` when its answer
 * arrives, both in order with the answer's text; each step's end is counted against the plan.
 */
export function toolTurn(ctx: ToolContext): TurnTools | null {
  const bounds = ctx.session.bounds();
  if (!bounds) return null;
  const gate = new CallGate();
  const { rec } = ctx.s;
  return {
    tools: createToolSet(ctx, gate),
    ...bounds,
    observe(part) {
      switch (part.type) {
        case 'tool-call':
          rec.emit('tool.called', { name: part.toolName, input: inputOf(part.input), summary: describeCall(part.toolName, part.input) });
          gate.open(part.toolCallId);
          return;
        case 'tool-result':
          rec.emit('tool.result', { name: part.toolName, input: inputOf(part.input), summary: (part.output as ToolOutcome).summary });
          return;
        case 'tool-error':
          rec.emit('tool.result', { name: part.toolName, input: inputOf(part.input), summary: `${part.toolName} failed: ${errorText(part.error)}` });
          return;
        case 'finish-step':
          ctx.session.stepFinished(part.finishReason, part.usage);
          return;
      }
    },
    // A model that calls tools on the step that may not (its last): it has not finished, nothing ran.
    absorbs(error) {
      if (!ToolChoiceViolationError.isInstance(error)) return false;
      ctx.session.calledTooLate();
      return true;
    },
  };
}
