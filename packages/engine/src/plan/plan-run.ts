import type { Plan } from '@sprout/core/contract';
import { directionsFor } from '@sprout/core';
import { finishRun, insertMessage, setRunPlan } from '@sprout/db';
import type { BuiltContext } from '../context/build-context';
import { readPlanAnswer } from '../protocol/plan-answer';
import { streamModelTurn } from '../run/model-turn';
import type { RunScope } from '../run/run-scope';
import { ProseStream } from './prose-stream';

/**
 * A plan run: one model request in plan mode, its prose streamed to the chat, its plan kept on the
 * run and sent as `plan.proposed`; nothing is written and nothing is charged (the message reserved
 * nothing: only a Build is). An answer with no readable plan still gives one, in its own words, so
 * the person can build from it or ask again.
 */
export async function runPlan(s: RunScope, ctx: BuiltContext): Promise<void> {
  const { deps, input, rec, tally, signal } = s;
  const prose = new ProseStream((text) => rec.emit('text.delta', { text }));
  const promptChars = ctx.system.length + JSON.stringify(ctx.messages).length;
  const turn = await streamModelTurn({
    model: input.model.model,
    system: ctx.system,
    messages: ctx.messages,
    signal,
    maxRetries: deps.maxRetries ?? 2,
    call: { staff: input.staff, mode: 'plan' },
    onText: (chunk) => prose.push(chunk),
  });
  prose.end();
  const read = readPlanAnswer(turn.text);
  tally.addAnswer({ ...turn, prose: read.prose, summary: null, issues: [], placeholders: [], continued: false }, promptChars);
  const { directions, ...made } = read.plan ?? planFromProse(read.prose);
  // A new project's plan offers design directions: the model's own when it proposed two or more
  // that can be drawn, else core's catalogue (no model needed). A change to an app offers none.
  const plan: Plan = ctx.newProject ? { ...made, directions: directions && directions.length >= 2 ? directions : directionsFor(input.request) } : made;
  await setRunPlan(deps.db, input.runId, { plan, approved: null });
  rec.emit('plan.proposed', plan);
  const t = tally.totals();
  await finishRun(deps.db, input.runId, {
    status: 'succeeded',
    summary: plan.summary.slice(0, 300),
    tokensIn: t.tokensIn,
    tokensInCached: t.tokensInCached,
    tokensOut: t.tokensOut,
    fixRounds: 0,
  });
  await insertMessage(deps.db, { sproutId: input.sproutId, userId: null, role: 'assistant', content: read.prose || plan.summary, runId: input.runId });
  rec.emit('run.finished', { ...tally.totals(), versionId: null, summary: plan.summary.slice(0, 300), remainingIssues: 0, refunded: false });
}

/** The plan of an answer that wrote none: its words as the summary, nothing guessed beyond them. */
function planFromProse(prose: string): Plan {
  return {
    summary: prose.trim().slice(0, 1200) || 'The model gave no plan. Press Build to build what you asked, or ask for a plan again.',
    screens: [],
    data: [],
    integrations: [],
    design: 'Not chosen: the template’s theme.',
    questions: [],
  };
}
