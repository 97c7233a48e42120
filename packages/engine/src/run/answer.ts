import type { ModelMessage } from 'ai';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { ApplyProblem } from '../apply/apply-edits';
import type { WorkingCopy } from '../apply/working-copy';
import { issue, type CheckIssue } from '../checks/issues';
import { actionOf } from '../protocol/actions';
import { EditParser, type EditEvent } from '../protocol/parse-edits';
import type { RunEventRecorder } from './event-recorder';
import { streamModelTurn, type TurnTools } from './model-turn';
import type { SproutCallOptions } from '../protocol/call-options';
import { answerCutOffFailure, forbiddenPathFailure, type RunFailure } from './run-failure';

export interface AnswerResult {
  /** The raw answer (what goes back into the conversation). */
  text: string;
  /** Its chat prose, without the action blocks. */
  prose: string;
  summary: string | null;
  /** Actions that could not be applied and parser reports: fed to the next fix round. */
  issues: CheckIssue[];
  /** Files written with a lazy placeholder: not applied, to be asked for again. */
  placeholders: { path: string; line: string }[];
  inputTokens: number | undefined;
  /** Of inputTokens, how many the provider read from its prompt cache. */
  cachedInputTokens: number | undefined;
  outputTokens: number | undefined;
  continued: boolean;
  /** The model built something in place of what was asked, saying so (protocol/answer-metadata.ts). */
  substituted: boolean;
}

/** Sums reported usage; stays undefined while the provider reported none. */
const addUsage = (a: number | undefined, b: number | undefined) => (a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0));

export const CONTINUE_PROMPT =
  'Your answer was cut off. Continue exactly where you stopped: output only the rest of the answer, starting with the very next character. Do not repeat anything and do not start over.';

type Problem = Extract<EditEvent, { type: 'problem' }>;

/** A long file may need two; an answer still cut off after that is refused. */
const MAX_CONTINUATIONS = 2;

/** Whether the answer stops inside an action's opening tag, where the parser has not opened the block yet. */
const startsAction = (text: string) => {
  const line = text.slice(text.lastIndexOf('\n') + 1);
  return /^\s*<\s*sprout-/i.test(line) && !/^\s*<\s*sprout-(?:delete|rename)\b[^>]*>/i.test(line);
};

export interface AnswerOptions {
  model: LanguageModelV3;
  system: string;
  messages: ModelMessage[];
  signal: AbortSignal;
  maxRetries: number;
  /** Whom the model answers (the offline builder shows setup details to staff only). */
  call: SproutCallOptions;
  work: WorkingCopy;
  rec: RunEventRecorder;
  /** Whether a cut-off answer may be continued (up to MAX_CONTINUATIONS times). */
  allowContinue: boolean;
  round: number;
  /** A model that uses tools: its first request may call them (continuations only go on writing). */
  tools?: TurnTools;
}

/**
 * One answer of the model: streams it, parses the edit protocol as it arrives, applies each action
 * to the working copy and emits the run's events. An answer cut off inside a block is continued
 * (up to MAX_CONTINUATIONS requests, fed to the same parser); one that still ends inside a file
 * throws `answer_cut_off`, so the files before it are never committed without it.
 */
export async function runAnswer(o: AnswerOptions): Promise<AnswerResult> {
  const parser = new EditParser();
  const out: AnswerResult = {
    text: '',
    prose: '',
    summary: null,
    issues: [],
    placeholders: [],
    inputTokens: undefined,
    cachedInputTokens: undefined,
    outputTokens: undefined,
    continued: false,
    substituted: false,
  };
  // Stops the model as soon as a forbidden action appears: there is no point reading the rest.
  const local = new AbortController();
  const signal = AbortSignal.any([o.signal, local.signal]);
  let forbidden: RunFailure | null = null;
  // How far the file being written has arrived, to say where an answer was cut.
  const streamed = { path: '', lines: 0 };

  const refuse = (problem: ApplyProblem) => {
    forbidden ??= forbiddenPathFailure(problem);
    o.rec.emit('problem', { kind: 'forbidden', message: forbidden.message, path: problem.path });
    local.abort();
  };
  const report = (p: ApplyProblem | { kind: string; message: string; path?: string }, source: CheckIssue['source']) => {
    o.rec.emit('problem', p.path ? { kind: p.kind, message: p.message, path: p.path } : { kind: p.kind, message: p.message });
    out.issues.push(issue(source, p.path || null, p.message));
  };

  const handle = (e: EditEvent) => {
    if (forbidden) return;
    switch (e.type) {
      case 'text':
        out.prose += e.text;
        o.rec.emit('text.delta', { text: e.text });
        return;
      case 'file-start': {
        const check = o.work.checkPath(e.path);
        if (!check.ok) return refuse({ kind: 'forbidden', action: 'write', path: e.path, message: check.reason });
        o.rec.emit('file.started', { path: check.path });
        Object.assign(streamed, { path: e.path, lines: 0 });
        return;
      }
      case 'file-delta':
        if (streamed.path === e.path) streamed.lines += e.text.split('\n').length - 1;
        o.rec.emit('file.delta', { path: o.work.checkPath(e.path).path, text: e.text });
        return;
      case 'summary':
        out.summary = e.text.split('\n')[0]!.trim().slice(0, 300) || null;
        return;
      case 'problem':
        return report({ kind: e.kind, message: e.message, path: e.path }, 'parser');
    }
    const action = actionOf(e);
    if (!action) return;
    const r = o.work.apply(action);
    if (r.kind === 'forbidden') return refuse(r.problem);
    if (r.kind === 'problem') return report(r.problem, 'apply');
    if (r.kind === 'placeholder') {
      out.placeholders.push({ path: r.path, line: r.line });
      o.rec.emit('problem', {
        kind: 'placeholder',
        path: r.path,
        message: `${r.path} was not applied: it contains the placeholder "${r.line}" instead of the complete file.`,
      });
      return;
    }
    const c = r.change;
    if (c.type === 'written') o.rec.emit('file.written', { path: c.path, bytes: r.bytes, created: r.created });
    else if (c.type === 'edited') o.rec.emit('edit.applied', { path: c.path, blocks: action.type === 'edit' ? action.blocks.length : 1 });
    else if (c.type === 'deleted') o.rec.emit('file.deleted', { path: c.path });
    else o.rec.emit('file.renamed', { from: c.from!, to: c.path });
  };

  const turn = async (messages: ModelMessage[], tools?: TurnTools) => {
    try {
      const r = await streamModelTurn({
        ...(tools ? { tools } : {}),
        model: o.model,
        system: o.system,
        messages,
        signal,
        maxRetries: o.maxRetries,
        call: o.call,
        onText: (t) => parser.push(t).forEach(handle),
      });
      out.text += r.text;
      out.inputTokens = addUsage(out.inputTokens, r.inputTokens);
      out.cachedInputTokens = addUsage(out.cachedInputTokens, r.cachedInputTokens);
      out.outputTokens = addUsage(out.outputTokens, r.outputTokens);
      out.substituted ||= r.substituted;
      return r;
    } catch (err) {
      if (forbidden) throw forbidden;
      throw err;
    }
  };

  let last = await turn(o.messages, o.tools);
  if (forbidden) throw forbidden;
  let continuations = 0;
  while (o.allowContinue && last.finishReason === 'length' && continuations < MAX_CONTINUATIONS) {
    const open = parser.openBlock;
    if (!open && !startsAction(out.text)) break;
    continuations++;
    out.continued = true;
    const path = open?.path ? o.work.checkPath(open.path).path : null;
    const where = open ? `inside ${path ?? `a ${open.kind} block`}` : 'inside an action tag';
    o.rec.emit('fix.started', { round: o.round, reason: 'continue', issues: [issue('parser', path, `The answer was cut off ${where}.`)] });
    // The whole answer so far as the model's own turn: it goes on from its last character.
    last = await turn([...o.messages, { role: 'assistant', content: out.text }, { role: 'user', content: CONTINUE_PROMPT }]);
    if (forbidden) throw forbidden;
  }
  const ending = parser.end();
  ending.forEach(handle);
  if (forbidden) throw forbidden;
  const unclosed = ending.filter((e): e is Problem => e.type === 'problem' && e.kind === 'unclosed' && !!e.path).at(-1);
  if (unclosed?.path) {
    const check = o.work.checkPath(unclosed.path);
    // Only an edit gets here unchecked (a write's path is checked when it opens); finished, it would have been refused whole.
    if (!check.ok) throw forbiddenPathFailure({ kind: 'forbidden', action: 'edit', path: unclosed.path, message: check.reason });
    const lines = streamed.path === unclosed.path ? streamed.lines : null;
    throw answerCutOffFailure({ path: check.path, lines, byLimit: last.finishReason === 'length', continuations });
  }
  return out;
}
