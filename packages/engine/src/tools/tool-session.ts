import { createHash } from 'node:crypto';
import type { ToolLimits } from '@sprout/core';
import { stepCountIs, type LanguageModelUsage, type PrepareStepFunction, type StopCondition, type ToolSet } from 'ai';

/** The same tool with the same input, nothing changed in between, this many times: the model is going round in circles. */
export const SAME_CALL_LIMIT = 3;
/** Steps in a row whose tools told the model nothing it had not seen and that changed nothing. */
export const STALE_STEP_LIMIT = 4;

/** Why a model's tool use ended before it finished on its own. */
export type ToolStop = { kind: 'loop'; reason: string } | { kind: 'limit'; reason: string } | { kind: 'asked'; question: string; options: string[] };

/** What a model turn that uses tools is given: its step bound, the conditions that stop it early, and the last step without tools. */
export interface ToolBounds {
  stopWhen: StopCondition<ToolSet>[];
  prepareStep: PrepareStepFunction<ToolSet>;
}

/** A protocol block in a step's text: the answer is changing the project. */
const EDITS = /<\s*sprout-(?:write|edit|delete|rename)\b/i;

/** The same JSON whatever order the model wrote its keys in. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const tokensOf = (u: LanguageModelUsage | undefined) => (u?.inputTokens ?? 0) + (u?.outputTokens ?? 0);

/**
 * One run's use of tools (docs/architecture.md#tools): the steps and tokens its plan allows and what
 * is spent, every call made (at which revision of the working copy), and whether it must stop — a
 * loop (the same call again and again, or steps that learn nothing and change nothing), a limit, or
 * a question for the person.
 */
export class ToolSession {
  /** Model steps finished in the run's tool turns. */
  steps = 0;
  /** Tokens the run's answers used so far (input and output). */
  tokens = 0;
  /** How the last step ended: `tool-calls` when the model had not finished. */
  lastFinish = 'stop';
  stop: ToolStop | null = null;
  /** The chat was told the limit was reached (once). */
  limitTold = false;
  private readonly calls = new Map<string, number>();
  private readonly seen = new Set<string>();
  private fresh = false;
  /** The step under way called tools it was not allowed to (its last). */
  private late = false;
  private stale = 0;
  private checkedAt: number;

  constructor(
    readonly limits: ToolLimits,
    /** The working copy's revision: an applied edit is progress. */
    private readonly revision: () => number,
  ) {
    this.checkedAt = revision();
  }

  /** Ends the tool use for `stop`; the first reason given is the one kept. */
  halt(stop: ToolStop): void {
    this.stop ??= stop;
  }

  /** Before a tool runs: the reason to refuse it when it is the same call made too often with nothing changed; else null. */
  call(name: string, input: unknown): string | null {
    const key = `${name} ${stableJson(input)} @${this.revision()}`;
    const n = (this.calls.get(key) ?? 0) + 1;
    this.calls.set(key, n);
    if (n < SAME_CALL_LIMIT) return null;
    const reason = `I called ${name} with the same input ${n} times without anything changing in between`;
    this.halt({ kind: 'loop', reason });
    return reason;
  }

  /** After a tool ran: whether its answer is something the model had not been told yet. */
  answered(text: string): void {
    const hash = createHash('sha1').update(text).digest('hex');
    if (this.seen.has(hash)) return;
    this.seen.add(hash);
    this.fresh = true;
  }

  /** The model asked the person a question: the run ends with it. */
  ask(question: string, options: string[]): void {
    this.halt({ kind: 'asked', question, options });
  }

  /** The model called tools on the step that may not (the provider did not hold it to that): it had not finished. */
  calledTooLate(): void {
    this.late = true;
  }

  /** One model step ended (told by the stream, in order). */
  stepFinished(finishReason: string, usage: LanguageModelUsage): void {
    this.steps++;
    this.tokens += tokensOf(usage);
    this.lastFinish = this.late ? 'tool-calls' : finishReason;
    this.late = false;
  }

  /**
   * The bounds of the next model turn, or null when the run's steps or tokens are spent or its tool
   * use was stopped (the turn then goes without tools). The turn stops after the steps left; its last
   * step may not call tools, so a model that follows the rules finishes within its bound.
   */
  bounds(): ToolBounds | null {
    const left = this.limits.steps - this.steps;
    if (this.stop || left <= 0 || this.tokens >= this.limits.tokens) return null;
    const before = this.tokens;
    const early: StopCondition<ToolSet> = ({ steps }) => {
      if (this.stop) return true;
      const last = steps.at(-1);
      if (this.progressed(last?.text ?? '')) this.stale = 0;
      else if (++this.stale >= STALE_STEP_LIMIT) this.halt({ kind: 'loop', reason: `${this.stale} steps in a row told me nothing new and changed nothing` });
      const used = before + steps.reduce((n, s) => n + tokensOf(s.usage), 0);
      if (!this.stop && used >= this.limits.tokens)
        this.halt({ kind: 'limit', reason: `I used the ${this.limits.tokens.toLocaleString('en')} tokens one reply may use with tools on your plan` });
      return this.stop !== null;
    };
    return {
      stopWhen: [stepCountIs(left), early],
      prepareStep: ({ stepNumber }) => (stepNumber >= left - 1 ? { toolChoice: 'none' } : undefined),
    };
  }

  /** Whether the step just ended learned something or changed the project; resets what the next one is judged by. */
  private progressed(text: string): boolean {
    const revision = this.revision();
    const moved = this.fresh || revision !== this.checkedAt || EDITS.test(text);
    this.fresh = false;
    this.checkedAt = revision;
    return moved;
  }

  /** After a turn: a model stopped by its step bound while still calling tools has hit its plan's limit. */
  afterTurn(): void {
    if (!this.stop && this.lastFinish === 'tool-calls' && this.steps >= this.limits.steps)
      this.halt({ kind: 'limit', reason: `I used the ${this.limits.steps} tool steps one reply may take on your plan` });
  }
}
