// Plan mode: a run that asks for a plan before anything is built gets one, answered
// with the engine's plan protocol (`writePlanAnswer`): prose for the chat, then the plan. A new
// app's plan says what the builder understood and will build; a change's plan, what it would
// change; what it cannot do offline, it says, and offers what it can instead. No files are written,
// and a plan is never a substitute for what was asked (`substituted` stays false).

import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import type { Plan } from '@sprout/core/contract';
import { writePlanAnswer } from '@sprout/engine/protocol';
import { readConversation } from '../conversation';
import { readMarker } from '../families/common';
import { isNewAppRequest } from '../follow-up/reply';
import { asksForApp, type OfflineAnswer } from '../offline-answer';
import { detectIntents } from '../follow-up/intents';
import { classify } from '../understand/families';
import { appTitle, changePlan } from './change-plan';
import { newAppPlan } from './new-app-plan';

/** The chat's sentence beside a plan. */
export const PLAN_PROSE = 'Here’s my plan. Pick answers or change anything, then press Build.';
export const PLAN_PROSE_NO_QUESTIONS = 'Here’s my plan. Change anything you like, then press Build.';

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** The plan within the contract's limits (long names and sentences cut, never dropped). */
function fit(plan: Plan): Plan {
  return {
    ...plan,
    summary: clip(plan.summary, 1200),
    design: clip(plan.design, 600),
    data: plan.data.slice(0, 12).map((d) => ({ name: clip(d.name, 80), fields: d.fields.slice(0, 30).map((f) => clip(f, 80)), access: clip(d.access, 200) })),
  };
}

/** The plan for a request, given the project's files as the engine showed them. */
export function planOf(request: string, files: ReadonlyMap<string, string>): Plan {
  // As a build would (offline-answer.ts): a project the offline builder made gets a change, unless
  // the message asks for another app; anything else gets a new app.
  const built = !!readMarker(files.get('client/src/config.ts'));
  // A small edit ("make it dark") to a project it did not make names no app: it is planned as the edit.
  const onlyAnEdit = detectIntents(request).length > 0 && classify(request).score < 3 && !asksForApp(request);
  if (!built) return fit(onlyAnEdit ? changePlan(request, files) : newAppPlan(request));
  if (isNewAppRequest(request)) return fit(newAppPlan(request, appTitle(files)));
  return fit(changePlan(request, files));
}

function planAnswer(request: string, files: ReadonlyMap<string, string>): OfflineAnswer {
  const plan = planOf(request, files);
  return { text: writePlanAnswer(plan.questions.length ? PLAN_PROSE : PLAN_PROSE_NO_QUESTIONS, plan), substituted: false };
}

/** The plan answer to the prompt the engine sends. */
export function planAnswerFor(prompt: LanguageModelV3Prompt): OfflineAnswer {
  const conversation = readConversation(prompt);
  return planAnswer(conversation.request, conversation.files);
}
