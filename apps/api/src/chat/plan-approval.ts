import { approvalRequest } from '@sprout/core';
import { DESIGN_ANSWER_ID, KeptPlan, type ApprovePlanBody, type MessageSent } from '@sprout/core/contract';
import { approveRunPlan, getRun, listMessagesOfRun, type SproutRow, type UserWithTier } from '@sprout/db';
import { AppError } from '../errors';
import type { Services } from '../services';
import { sendMessage } from './messages';

class PlanApprovedAlready extends Error {}

const notFound = () => new AppError(404, 'plan_not_found', 'This plan does not exist.');

/**
 * Build pressed on a plan: the plan run's request with the answers picked (only to the questions it
 * asked) and the person's changes becomes a message, charged as any message, and the plan is marked
 * approved in the same transaction — once: a second Build starts nothing. The approved plan is then
 * part of the context of every later run (engine run-context.ts).
 */
export async function approvePlan(s: Services, user: UserWithTier, sprout: SproutRow, body: ApprovePlanBody): Promise<MessageSent> {
  const run = await getRun(s.db, body.runId);
  if (!run || run.sproutId !== sprout.id || run.kind !== 'plan') throw notFound();
  const kept = KeptPlan.safeParse(run.plan);
  if (!kept.success) throw notFound();
  if (kept.data.approved) throw new AppError(409, 'plan_approved', 'This plan was built already.');
  const { plan } = kept.data;
  const asked = new Set(plan.questions.map((q) => q.id));
  // A design direction is answered by its id, one of those offered.
  if (plan.directions?.length) asked.add(DESIGN_ANSWER_ID);
  const answers = Object.fromEntries(
    Object.entries(body.answers ?? {}).filter(([id, answer]) => asked.has(id) && (id !== DESIGN_ANSWER_ID || plan.directions!.some((d) => d.id === answer))),
  );
  const request = (await listMessagesOfRun(s.db, run.id)).find((m) => m.role === 'user')?.content ?? plan.summary;
  const notes = body.notes?.trim() || null;
  try {
    return await sendMessage(s, user, sprout, { text: approvalRequest(request, plan, answers, notes), planRunId: run.id }, async (tx, build) => {
      const approved = await approveRunPlan(tx, run.id, { at: new Date().toISOString(), runId: build.id, answers, notes });
      if (!approved) throw new PlanApprovedAlready();
    });
  } catch (err) {
    if (err instanceof PlanApprovedAlready) throw new AppError(409, 'plan_approved', 'This plan was built already.');
    throw err;
  }
}
