// Plan mode through the model itself, with prompts laid out as the engine lays them out
// (context/build-context.ts: the files header, each file in a part of its own, the request last).

import type { LanguageModelV3CallOptions, LanguageModelV3Prompt, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { approvalRequest } from '@sprout/core';
import { INSTEAD_QUESTION_ID, Plan } from '@sprout/core/contract';
import { readPlanAnswer, readSproutAnswerMetadata } from '@sprout/engine/protocol';
import { describe, expect, it } from 'vitest';
import { answerFor } from '../offline-answer';
import { createOfflineModel } from '../offline-model';
import { applyAnswer, CASES, converse, starter } from '../testing';
import { understand } from '../understand/understand';
import { PLAN_PROSE, PLAN_PROSE_NO_QUESTIONS, planOf } from './offline-plan';

const FILES_HEADER = "The project's current files. Files changed recently come after the chat, with the latest message.";
const text = (t: string) => ({ type: 'text' as const, text: t });
const filePart = (path: string, content: string) => ({
  type: 'text' as const,
  text: `<file path="${path}">\n${content.endsWith('\n') ? content : `${content}\n`}</file>`,
  providerOptions: { sprout: { file: path } },
});

/** The prompt of a run: the files first, then the chat so far, then the request. */
function enginePrompt(request: string, files: ReadonlyMap<string, string> = starter(), history: string[] = []): LanguageModelV3Prompt {
  const stable = [text(FILES_HEADER), ...[...files].map(([p, c]) => filePart(p, c))];
  const turns = [...history, request];
  return [
    { role: 'system', content: 'You build apps.' },
    ...turns.map((t, i) =>
      i % 2 === 0 ? { role: 'user' as const, content: i === 0 ? [...stable, text(t)] : [text(t)] } : { role: 'assistant' as const, content: [text(t)] },
    ),
  ];
}

const PLAN = { sprout: { staff: false, mode: 'plan' } };

async function ask(prompt: LanguageModelV3Prompt, providerOptions: LanguageModelV3CallOptions['providerOptions']) {
  const result = await createOfflineModel({ durationMs: 0 }).doGenerate({ prompt, providerOptions } as LanguageModelV3CallOptions);
  const part = result.content[0];
  const answer = part?.type === 'text' ? part.text : '';
  return { answer, substituted: readSproutAnswerMetadata(result.providerMetadata).substituted, ...readPlanAnswer(answer) };
}
const plan = (prompt: LanguageModelV3Prompt) => ask(prompt, PLAN);

describe('plan mode through the model', () => {
  it('plans a workout log: its fields as the person reads them, a valid plan, no files', async () => {
    const r = await plan(enginePrompt('i want a workout log where i record sets, reps and weight'));
    expect(r.plan).not.toBeNull();
    expect(Plan.safeParse(r.plan).success).toBe(true);
    expect(r.prose).toBe(PLAN_PROSE);
    expect(r.answer).not.toContain('<sprout-write');
    expect(r.substituted).toBe(false);
    const workouts = r.plan!.data.find((d) => d.name === 'Workouts');
    expect(workouts?.fields).toEqual(expect.arrayContaining(['Sets', 'Reps', 'Weight']));
    expect(workouts?.access).toBe('Each visitor’s own');
    expect(r.plan!.summary).toMatch(/^I’ll build Workout Log, a list of workouts/);
    expect(r.plan!.screens.map((s) => s.name)).toEqual(['Workouts', 'Add a workout']);
    expect(r.plan!.questions.map((q) => q.id)).toContain('sharing');
  });

  it('says honestly that it cannot build band voting, and offers what it can instead', async () => {
    const r = await plan(enginePrompt('band voting'));
    expect(r.plan!.summary).toBe('Without a model, Sprout can’t build a band voting app. It can build one of these instead:');
    expect(r.plan!.screens).toEqual([]);
    expect(r.plan!.data).toEqual([]);
    expect(r.plan!.questions).toHaveLength(1);
    const [q] = r.plan!.questions;
    expect(q!.id).toBe(INSTEAD_QUESTION_ID);
    expect(q!.options.length).toBeGreaterThanOrEqual(2);
    expect(q!.options.length).toBeLessThanOrEqual(4);
    expect(q!.options).toContain("A voting form that saves each person's name and their choice");
    expect(r.substituted).toBe(false);
  });

  it('asks which app a vague request means instead of guessing', async () => {
    const r = await plan(enginePrompt('something cool'));
    expect(r.plan!.summary).toMatch(/^Without a model, Sprout can’t tell which app to build from “something cool”\./);
    expect(r.plan!.questions[0]!.id).toBe(INSTEAD_QUESTION_ID);
    expect(r.plan!.data).toEqual([]);
    expect(r.substituted).toBe(false);
  });

  it('plans a follow-up as the change it would make, and says what it cannot change', async () => {
    const first = 'i want a workout log where i record sets, reps and weight';
    const [built] = converse([first]);
    const history = [first, built!.prose];
    const added = await plan(enginePrompt('also track the notes', built!.files, history));
    expect(added.plan!.summary).toBe('I’ll change Workout Log: add a Notes field (textarea) to the records.');
    expect(added.prose).toBe(PLAN_PROSE_NO_QUESTIONS);
    expect(added.plan!.data).toEqual([{ name: 'Workouts', fields: ['Exercise', 'Sets', 'Reps', 'Weight', 'Notes (new)'], access: 'Each visitor’s own' }]);
    const cannot = await plan(enginePrompt('add a login page', built!.files, history));
    expect(cannot.plan!.summary).toMatch(/^Nothing would change in Workout Log\. Without a model, Sprout can’t “add a login page”\./);
    expect(cannot.plan!.data).toEqual([]);
    expect(cannot.answer).not.toContain('<sprout-edit');
  });

  it('streams the same plan it generates', async () => {
    const prompt = enginePrompt('a recipe box where I save recipes and filter by tag');
    const { stream } = await createOfflineModel({ durationMs: 0 }).doStream({ prompt, providerOptions: PLAN } as LanguageModelV3CallOptions);
    const reader = stream.getReader();
    let streamed = '';
    let finish: LanguageModelV3StreamPart | undefined;
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      if (part.value.type === 'text-delta') streamed += part.value.delta;
      if (part.value.type === 'finish') finish = part.value;
    }
    expect(streamed).toBe((await plan(prompt)).answer);
    expect(finish?.type === 'finish' && readSproutAnswerMetadata(finish.providerMetadata).substituted).toBe(false);
  });

  it('builds as before when the mode is build or not given', async () => {
    const prompt = enginePrompt('band voting');
    const expected = answerFor(prompt);
    for (const providerOptions of [undefined, { sprout: { staff: false } }, { sprout: { staff: false, mode: 'build' } }]) {
      const r = await ask(prompt, providerOptions);
      expect(r.answer).toBe(expected.text);
      expect(r.answer).toContain('<sprout-write');
      expect(r.plan).toBeNull();
      expect(r.substituted).toBe(true);
    }
  });
});

describe('building an approved plan', () => {
  it('builds every answer picked together, as Build sends them (core’s approvalRequest)', async () => {
    const request = 'i want a workout log where i record sets, reps and weight';
    const r = await plan(enginePrompt(request));
    const answers = { sharing: r.plan!.questions[0]!.options[1]!, extras: 'A chart of weight over time', look: 'A dark theme' };
    expect(r.plan!.questions.map((q) => q.id)).toEqual(['sharing', 'extras', 'look']);
    const built = await ask(enginePrompt(approvalRequest(request, r.plan!, answers, null)), undefined);
    expect(built.substituted).toBe(false);
    const files = applyAnswer(built.answer, starter()).files;
    expect(JSON.parse(files.get('sprout.data.json')!).collections.workouts).toMatchObject({ create: 'signed-in', read: 'signed-in' });
    expect(files.get('client/src/config.ts')).toContain("chart: { field: 'weight'");
    expect(files.get('client/src/config.ts')).toMatch(/name: 'sets'[\s\S]*name: 'reps'[\s\S]*name: 'weight'/);
    expect(files.get('client/index.html')).toContain('class="dark"');
  });

  it('builds the app picked instead, as asked, not as a substitute', async () => {
    const r = await plan(enginePrompt('band voting'));
    const pick = "A voting form that saves each person's name and their choice";
    expect(r.plan!.questions[0]!.options).toContain(pick);
    const built = await ask(enginePrompt(approvalRequest('band voting', r.plan!, { [INSTEAD_QUESTION_ID]: pick }, null)), undefined);
    expect(built.substituted).toBe(false);
    expect(applyAnswer(built.answer, starter()).summary).toBe('Built Voting Form, a form that saves each response (name and choice)');
  });
});

describe('planOf', () => {
  it('gives a valid plan for every test prompt: what it builds, or which app to build instead of a guess', () => {
    for (const c of CASES) {
      const planned = planOf(c.prompt, starter());
      expect(Plan.safeParse(planned).success, c.prompt).toBe(true);
      // "Something nice for my grandmother" names no app: the builder would only guess.
      if (understand(c.prompt).plan.vague) expect(planned.questions[0]?.id, c.prompt).toBe(INSTEAD_QUESTION_ID);
      else {
        expect(planned.summary, c.prompt).toMatch(/^I’ll build /);
        expect(planned.screens.length, c.prompt).toBeGreaterThan(0);
      }
    }
  });

  it('plans a small edit to a project it did not make as that edit, as a build would make it', () => {
    const plan = planOf('make it dark', starter());
    expect(plan.summary).toMatch(/^I’ll change .+: switch the app to its dark theme\.$/);
    expect(plan.design).toMatch(/^Dark theme/);
  });

  it('plans a new app over a built one as a replacement', () => {
    const [built] = converse(['a recipe box with tags']);
    expect(planOf('Build me a snake game', built!.files).summary).toBe('This replaces Recipe Box with a new app. I’ll build Snake, the snake game.');
  });
});
