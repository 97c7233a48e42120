// Plan turns, pure: what a plan must say (`expect.plan`, judged on the `plan.proposed` event) and the
// answers a case picks when it approves one (an option by its index, since options are generated).
import { DESIGN_ANSWER_ID, INSTEAD_QUESTION_ID, type Plan } from '@sprout/core/contract';
import type { PlanExpectation } from './suite';

const has = (haystack: string, needle: string) => haystack.toLowerCase().includes(needle.toLowerCase());
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** "Notes (new)" is the field Notes, marked as one a change adds. */
const bareField = (field: string) => field.replace(/\s*\(new\)\s*$/i, '');

function countMismatch(what: string, n: number, range: { min?: number; max?: number } | undefined): string[] {
  if (!range) return [];
  if (range.min !== undefined && n < range.min) return [`the plan has ${n} ${what}, expected at least ${range.min}`];
  if (range.max !== undefined && n > range.max) return [`the plan has ${n} ${what}, expected at most ${range.max}`];
  return [];
}

/** Why a plan does not say what it must (empty: it does); `null`: the run proposed none. */
export function planMismatches(e: PlanExpectation | undefined, plan: Plan | null): string[] {
  if (!plan) return ['proposed no plan (no plan.proposed event)'];
  if (!e) return [];
  const out: string[] = [];
  out.push(...countMismatch(plan.questions.length === 1 ? 'question' : 'questions', plan.questions.length, e.questions));
  out.push(...countMismatch(plan.screens.length === 1 ? 'screen' : 'screens', plan.screens.length, e.screens));
  const ids = plan.questions.map((q) => q.id);
  for (const id of e.questionIds ?? []) if (!ids.includes(id)) out.push(`the plan does not ask "${id}" (it asks: ${ids.join(', ') || 'nothing'})`);
  const fields = plan.data.flatMap((d) => d.fields);
  for (const f of e.dataFields ?? [])
    if (!fields.some((have) => same(have, f) || same(bareField(have), f)))
      out.push(`no collection of the plan has the field "${f}" (fields: ${fields.join(', ') || 'none'})`);
  if (e.instead !== undefined) {
    const instead = plan.questions.find((q) => q.id === INSTEAD_QUESTION_ID);
    if (e.instead && !instead?.options.length) out.push(`the plan does not ask what to build instead (the "${INSTEAD_QUESTION_ID}" question)`);
    if (!e.instead && instead) out.push(`the plan asks what to build instead ("${instead.text}")`);
  }
  for (const t of e.summaryContains ?? []) if (!has(plan.summary, t)) out.push(`the plan's summary does not say "${t}": "${plan.summary.slice(0, 200)}"`);
  for (const t of e.summaryNotContains ?? []) if (has(plan.summary, t)) out.push(`the plan's summary says "${t}": "${plan.summary.slice(0, 200)}"`);
  if (e.directions !== undefined && e.directions !== !!plan.directions?.length)
    out.push(e.directions ? 'the plan offers no design directions' : 'the plan offers design directions');
  return out;
}

/**
 * The answers an approve turn sends: a number picks that option of the question (for `design`, that
 * design direction's id); a text that names an option (any case) is that option, else sent as written.
 * An answer whose question or option is not in the plan throws; with `lenient` (a model other than the
 * case's own, whose questions the case cannot know) it is left out and said in `skipped`.
 */
export function resolveAnswers(
  plan: Plan,
  answers: Readonly<Record<string, number | string>>,
  lenient = false,
): { answers: Record<string, string>; skipped: string[] } {
  const out: Record<string, string> = {};
  const skipped: string[] = [];
  const miss = (why: string) => {
    if (!lenient) throw new Error(why);
    skipped.push(why);
  };
  for (const [id, answer] of Object.entries(answers)) {
    if (id === DESIGN_ANSWER_ID && plan.directions?.length) {
      const ids = plan.directions.map((d) => d.id);
      const picked = typeof answer === 'number' ? ids[answer] : ids.find((d) => same(d, answer));
      if (picked) out[id] = picked;
      else miss(`the plan offers no design direction ${JSON.stringify(answer)} (it offers: ${ids.join(', ')})`);
      continue;
    }
    const q = plan.questions.find((x) => x.id === id);
    if (!q) {
      miss(`the plan asks no question "${id}" (it asks: ${plan.questions.map((x) => x.id).join(', ') || 'nothing'})`);
      continue;
    }
    if (typeof answer !== 'number') out[id] = q.options.find((o) => same(o, answer)) ?? answer;
    else if (q.options[answer] !== undefined) out[id] = q.options[answer];
    else miss(`the question "${id}" has ${q.options.length} options, no option ${answer}`);
  }
  return { answers: out, skipped };
}
