import type { KeptPlan, Plan } from '../contract/plans';
import { DESIGN_ANSWER_ID, INSTEAD_QUESTION_ID } from './plan-ids';

const list = (items: string[]) => items.map((i) => `- ${i}`).join('\n');

/** A plan in plain words (the model's context, the chat's copy): what it holds, section by section. */
export function planText(plan: Plan): string {
  const parts = [`Summary: ${plan.summary}`];
  if (plan.screens.length) parts.push(`Screens:\n${list(plan.screens.map((s) => `${s.name}: ${s.description}`))}`);
  if (plan.data.length) parts.push(`Data:\n${list(plan.data.map((d) => `${d.name} (${d.fields.join(', ') || 'no fields yet'}) — ${d.access}`))}`);
  if (plan.integrations.length) parts.push(`Functions and integrations:\n${list(plan.integrations.map((x) => `${x.name}: ${x.reason}`))}`);
  parts.push(`Design: ${plan.design}`);
  return parts.join('\n');
}

/** The approved plan with the person's answers and changes: what a later run is told the app should be. */
export function approvedPlanText(kept: KeptPlan): string | null {
  if (!kept.approved) return null;
  const answers = kept.plan.questions.flatMap((q) => (kept.approved!.answers[q.id] ? [`${q.text} ${kept.approved!.answers[q.id]}`] : []));
  const direction = kept.plan.directions?.find((d) => d.id === kept.approved!.answers[DESIGN_ANSWER_ID]);
  if (direction)
    answers.push(`Design direction: ${direction.name}: ${direction.words} (primary ${direction.palette.primary}, background ${direction.palette.background})`);
  const checklist = kept.plan.checklist ?? [];
  return [
    planText(kept.plan),
    answers.length ? `The person's answers:\n${list(answers)}` : '',
    checklist.length
      ? `Checklist: keep one behaviour check (checks/*.json) per item, its "name" exactly the item, so the person sees each pass:\n${list(checklist)}`
      : '',
    kept.approved.notes ? `The person's changes to the plan: ${kept.approved.notes}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * The message a Build sends: the request the plan answered, with each answer the person picked and
 * what they wrote. Choosing what to build instead (the offline builder's question) makes that choice
 * the request: it is what the person asked for now.
 */
export function approvalRequest(request: string, plan: Plan, answers: Readonly<Record<string, string>>, notes: string | null): string {
  const instead = answers[INSTEAD_QUESTION_ID];
  const base = instead && plan.questions.some((q) => q.id === INSTEAD_QUESTION_ID) ? instead : request.trim();
  const picked = plan.questions.filter((q) => q.id !== INSTEAD_QUESTION_ID && answers[q.id]).map((q) => `${q.text} ${answers[q.id]}`);
  const direction = plan.directions?.find((d) => d.id === answers[DESIGN_ANSWER_ID]);
  const design = direction
    ? `Design: ${direction.words} (${direction.description} Colours: primary ${direction.palette.primary}, accent ${direction.palette.accent}, background ${direction.palette.background}, text ${direction.palette.foreground}.)`
    : '';
  return [base, ...picked, design, notes?.trim() ?? ''].filter(Boolean).join('\n\n');
}
