// Test support: runs offline answers through the engine's own parser and working copy (the way a
// run applies a model's answer), so tests see exactly the files the person would get.

import { starterFiles } from '@sprout/template';
import { actionOf, parseEdits, WorkingCopy } from '@sprout/engine/protocol';
import { answerRequest, type AnswerOptions } from './offline-answer';

export { CASES, CATALOGUE_CASES, FREE_FORM_CASES, LANDING_FOLLOW_UPS, type OfflineCase } from './cases';
export { readMarker } from './families/common';

export interface Turn {
  files: Map<string, string>;
  prose: string;
  summary: string | null;
  /** Actions that could not be applied, parser problems, lazy-placeholder refusals. */
  problems: string[];
  changed: string[];
  answer: string;
}

export function starter(): Map<string, string> {
  return new Map(starterFiles().map((f) => [f.name, f.content]));
}

export function applyAnswer(answer: string, files: ReadonlyMap<string, string>): Turn {
  const work = new WorkingCopy(files);
  const problems: string[] = [];
  let prose = '';
  let summary: string | null = null;
  for (const e of parseEdits(answer)) {
    if (e.type === 'text') prose += e.text;
    else if (e.type === 'summary') summary = e.text;
    else if (e.type === 'problem') problems.push(`${e.kind}: ${e.message}`);
    else {
      const action = actionOf(e);
      if (!action) continue;
      const r = work.apply(action);
      if (r.kind === 'placeholder') problems.push(`placeholder in ${r.path}: ${r.line}`);
      else if (r.kind !== 'applied') problems.push(`${r.problem.kind}: ${r.problem.message}`);
    }
  }
  return { files: work.files, prose, summary, problems, changed: [...work.changed], answer };
}

/** Sends messages one after another to a project (the starter by default). */
export function converse(messages: readonly string[], files: ReadonlyMap<string, string> = starter(), o: AnswerOptions = { staff: false }): Turn[] {
  const turns: Turn[] = [];
  let current = files;
  for (const m of messages) {
    const turn = applyAnswer(answerRequest(m, current, o), current);
    turns.push(turn);
    current = turn.files;
  }
  return turns;
}
