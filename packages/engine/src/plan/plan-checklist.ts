import { checklistStatus } from '@sprout/core';
import { KeptPlan } from '@sprout/core/contract';
import { getRun, setRunPlanChecked } from '@sprout/db';
import type { FixLoopResult } from '../run/fix-loop';
import type { RunScope } from '../run/run-scope';

/**
 * The build of an approved plan reports the plan's checklist: each item passed or failed as the
 * behaviour check named after it did in the build's last round, or not built. Kept on the plan run
 * (what the plan's card shows after a reload) and sent as `plan.checked`. A plan without a checklist,
 * or a run that is not a plan's build, reports nothing.
 */
export async function reportPlanChecklist(s: RunScope, loop: FixLoopResult, built: boolean): Promise<void> {
  const planRunId = s.input.planRunId;
  if (!planRunId) return;
  const planRun = await getRun(s.deps.db, planRunId);
  if (!planRun || planRun.sproutId !== s.input.sproutId) return;
  const kept = KeptPlan.safeParse(planRun.plan);
  const checklist = kept.success ? (kept.data.plan.checklist ?? []) : [];
  if (checklist.length === 0) return;
  const items = checklistStatus(checklist, loop.behaviour ?? null, built);
  await setRunPlanChecked(s.deps.db, planRunId, items);
  s.rec.emit('plan.checked', { planRunId, items });
}
