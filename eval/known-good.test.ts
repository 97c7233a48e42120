import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { approvalRequest } from '@sprout/core';
import type { Plan } from '@sprout/core/contract';
import { applyFixers, checkFileIssues, runChecks } from '@sprout/engine';
import { readPlanAnswer } from '@sprout/engine/protocol';
import { createOfflineModel } from '@sprout/offline';
import { applyAnswer, CASES, converse, starter } from '@sprout/offline/testing';
import { testBuilder } from '@sprout/preview/testing';
import { ALLOWED_PACKAGES } from '@sprout/template';
import { scaledTimeout } from '@sprout/testkit';
import { describe, expect, it } from 'vitest';
import { resolveAnswers } from './lib/plan';
import { loadSuite, type EvalCase } from './lib/suite';

// Every fixer and check over every app the project knows to be good must find nothing: the template,
// every app the offline builder makes (its own test prompts and the offline suite's, follow-ups
// included), and the replay cases that are meant to end well, as their recorded answers leave them.
// A fixer that takes working code for broken (a type argument read as an element, a package under its
// old name) fails here before it fails a person's app.

const HERE = path.dirname(fileURLToPath(import.meta.url));
const builder = testBuilder();
const build = (f: { path: string; content: string }[]) =>
  builder.build(f, { mode: 'preview', assetBase: '/_sprout/build/v/', bridgeOrigin: 'http://localhost:3000' });

interface App {
  name: string;
  files: Map<string, string>;
  changed: Set<string>;
  request: string;
}

/** What every fixer and check says about an app: the fixers' issues and undeclared names, then every check with the build. */
async function problemsOf(app: App): Promise<string[]> {
  const files = new Map(app.files);
  const changed = new Set([...app.changed].filter((p) => files.has(p)));
  const fixed = applyFixers(files, changed, []);
  const checks = await runChecks(files, changed, {
    build,
    allowed: ALLOWED_PACKAGES,
    extra: [...fixed.issues, ...checkFileIssues(files).issues],
    // With the type check off the fixers' word stands: an undeclared name is reported as is.
    undeclared: fixed.undeclared,
    request: app.request,
  });
  return checks.issues.map((i) => `${i.source} ${i.file ?? ''}:${i.line ?? ''} ${i.message.slice(0, 160)}`);
}

const codeFiles = (files: ReadonlyMap<string, string>) => new Set([...files.keys()].filter((p) => /\.(?:tsx?|jsx?|json|html|css)$/.test(p)));

/** The offline builder's plan for a request on these files, asked as a plan run asks it (each file in a part of its own, the request last). */
async function offlinePlan(request: string, files: ReadonlyMap<string, string>): Promise<Plan> {
  const parts = [...files].map(([p, c]) => ({
    type: 'text' as const,
    text: `<file path="${p}">\n${c.endsWith('\n') ? c : `${c}\n`}</file>`,
    providerOptions: { sprout: { file: p } },
  }));
  const prompt = [{ role: 'user' as const, content: [...parts, { type: 'text' as const, text: request }] }];
  const options = { prompt, providerOptions: { sprout: { staff: false, mode: 'plan' } } } as unknown as Parameters<
    ReturnType<typeof createOfflineModel>['doGenerate']
  >[0];
  const result = await createOfflineModel({ durationMs: 0 }).doGenerate(options);
  const part = result.content[0];
  const { plan } = readPlanAnswer(part?.type === 'text' ? part.text : '');
  if (!plan) throw new Error(`the offline builder gave no plan for "${request}"`);
  return plan;
}

/** The apps an offline suite case builds: each message, and each Build on a plan as the request it sends; a plan turn builds nothing. */
async function offlineCaseApps(c: EvalCase): Promise<App[]> {
  const apps: App[] = [];
  const plans: Plan[] = [];
  let files = starter();
  const said: string[] = [];
  for (const [i, turn] of c.turns.entries()) {
    if (turn.kind === 'plan') {
      plans[i] = await offlinePlan(turn.prompt, files);
      said.push(`plan: ${turn.prompt}`);
      continue;
    }
    let request = turn.prompt;
    if (turn.approve) {
      const plan = plans[turn.approve.planTurn]!;
      request = approvalRequest(c.turns[turn.approve.planTurn]!.prompt, plan, resolveAnswers(plan, turn.approve.answers).answers, turn.approve.notes ?? null);
    }
    const [built] = converse([request], files, { staff: false });
    said.push(request.split('\n')[0]!);
    files = built!.files;
    apps.push({ name: `offline: ${said.join(' → ').slice(0, 120)}`, files, changed: new Set(built!.changed), request });
  }
  return apps;
}

async function offlineApps(): Promise<App[]> {
  const apps = CASES.flatMap((c) => {
    const [turn] = converse([c.prompt], starter(), { staff: false });
    return [{ name: `offline: ${c.prompt.slice(0, 120)}`, files: turn!.files, changed: new Set(turn!.changed), request: c.prompt }];
  });
  for (const c of loadSuite(path.join(HERE, 'offline')).cases) apps.push(...(await offlineCaseApps(c)));
  return apps;
}

/** A case's recorded answers of one turn joined as the run reads them: a reply cut off by the length limit continues in the next. */
function answersOf(turn: EvalCase['turns'][number]): string[] {
  const out: string[] = [];
  let cut = false;
  for (const r of turn.replies) {
    if (r.status) continue;
    if (cut) out[out.length - 1] += r.text;
    else out.push(r.text);
    cut = r.finish === 'length';
  }
  return out;
}

/** Each replay case's turns that end well, with the files every recorded answer of the turn leaves (fix rounds included). */
function replayApps(): App[] {
  const apps: App[] = [];
  for (const c of loadSuite(path.join(HERE, 'replay')).cases) {
    let files = starter();
    c.turns.forEach((turn, i) => {
      if (turn.kind === 'plan' || turn.expect.ending !== 'finished' || turn.expect.version === false) return;
      const changed = new Set<string>();
      for (const answer of answersOf(turn)) {
        const applied = applyAnswer(answer, files);
        files = applied.files;
        for (const p of applied.changed) changed.add(p);
      }
      if (changed.size) apps.push({ name: `replay: ${c.name} turn ${i + 1}`, files, changed, request: turn.prompt });
    });
  }
  return apps;
}

describe('every fixer and check over every known-good app', () => {
  it('finds nothing in the template', { timeout: scaledTimeout(120_000) }, async () => {
    const files = starter();
    expect(await problemsOf({ name: 'template', files, changed: codeFiles(files), request: 'a simple app' })).toEqual([]);
  });

  it('finds nothing in any app the offline builder makes', { timeout: scaledTimeout(600_000) }, async () => {
    const apps = await offlineApps();
    expect(apps.length).toBeGreaterThan(80);
    // A Build on a plan is the request it sends: the app picked instead of band voting is checked too.
    expect(apps.some((a) => a.name.startsWith('offline: plan: band voting → A suggestion wall'))).toBe(true);
    const found: Record<string, string[]> = {};
    for (const app of apps) {
      const problems = await problemsOf(app);
      if (problems.length) found[app.name] = problems;
    }
    expect(found).toEqual({});
  });

  it('finds nothing in a replay case meant to work, as its recorded answers leave it', { timeout: scaledTimeout(600_000) }, async () => {
    const apps = replayApps();
    expect(apps.length).toBeGreaterThan(40);
    expect(apps.map((a) => a.name)).toEqual(
      expect.arrayContaining([
        'replay: snake-canvas-typed-ref turn 1',
        'replay: quiz-framer-motion turn 1',
        'replay: plan-fenced-json-then-build turn 2',
        'replay: tools-read-check-fix turn 2',
      ]),
    );
    const found: Record<string, string[]> = {};
    for (const app of apps) {
      const problems = await problemsOf(app);
      if (problems.length) found[app.name] = problems;
    }
    expect(found).toEqual({});
  });
});
