import { z } from 'zod';
import { resourceId } from './common';

export { DESIGN_ANSWER_ID, INSTEAD_QUESTION_ID } from '../runs/plan-ids';

const line = (max: number) => z.string().trim().min(1).max(max);

/** A question the plan asks before building, with suggested answers the person picks as buttons. */
export const PlanQuestion = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  text: line(300),
  options: z.array(line(120)).min(1).max(5),
});
export type PlanQuestion = z.infer<typeof PlanQuestion>;

const hex = z.string().regex(/^#[0-9a-f]{6}$/i);

/** A design direction offered for a new project, rendered as a thumbnail from its palette, type and density. */
export const DesignDirection = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  name: line(40),
  description: line(200),
  /** What a Build sends when it is chosen. */
  words: line(200),
  palette: z.object({ primary: hex, accent: hex, background: hex, foreground: hex }),
  dark: z.boolean(),
  type: z.enum(['sans', 'serif', 'mono']),
  density: z.enum(['compact', 'comfortable', 'airy']),
});
export type DesignDirection = z.infer<typeof DesignDirection>;

/**
 * What a plan run proposes instead of code (the `plan.proposed` event, kept on the run): what was
 * understood, the screens, the data and who may see it (in the Data panel's words), the functions
 * and integrations it needs, a design direction, and at most three questions.
 */
export const Plan = z
  .object({
    summary: line(1200),
    screens: z.array(z.object({ name: line(80), description: line(400) })).max(12),
    data: z.array(z.object({ name: line(80), fields: z.array(line(80)).max(30), access: line(200) })).max(12),
    integrations: z.array(z.object({ name: line(80), reason: line(300) })).max(10),
    design: line(600),
    questions: z.array(PlanQuestion).max(3),
    checklist: z.array(line(200)).max(10).optional().describe('What the build must do, each item tested by a behaviour check of that name'),
    directions: z.array(DesignDirection).max(3).optional().describe("A new project's design directions to pick from (the answer `design`)"),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof Plan>;

/** POST /build/v1/sprouts/:id/plan/approve: the plan run to build, the answers chosen, and any change the person wrote. */
export const ApprovePlanBody = z.strictObject({
  runId: resourceId('run'),
  answers: z.record(z.string().regex(/^[a-z0-9-]{1,40}$/), z.string().trim().min(1).max(300)).optional(),
  notes: z.string().trim().max(2000).optional().describe('What the person changed or added to the plan, in their words'),
});
export type ApprovePlanBody = z.infer<typeof ApprovePlanBody>;

/** A plan as kept on its run: what was proposed, and once approved, the answers and the build it started. */
export const ChecklistItem = z.object({ item: z.string(), status: z.enum(['passed', 'failed', 'not-built']) });
export type ChecklistItem = z.infer<typeof ChecklistItem>;

export const KeptPlan = z.object({
  plan: Plan,
  approved: z.object({ at: z.string(), runId: z.string(), answers: z.record(z.string(), z.string()), notes: z.string().nullable() }).nullable(),
  /** The build's checklist: each item as its behaviour check ended (the last build of the plan). */
  checked: z.array(ChecklistItem).optional(),
});
export type KeptPlan = z.infer<typeof KeptPlan>;
