import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyFixers, checkFileIssues, runChecks } from '@sprout/engine';
import { applyAnswer, CASES, converse, starter } from '@sprout/offline/testing';
import { testBuilder } from '@sprout/preview/testing';
import { ALLOWED_PACKAGES } from '@sprout/template';
import { scaledTimeout } from '@sprout/testkit';
import { describe, expect, it } from 'vitest';
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

function offlineApps(): App[] {
  const prompts = CASES.map((c) => [c.prompt]);
  for (const c of loadSuite(path.join(HERE, 'offline')).cases) prompts.push(c.turns.map((t) => t.prompt));
  return prompts.flatMap((messages) => {
    const turns = converse(messages, starter(), { staff: false });
    return turns.map((t, i) => ({
      name: `offline: ${messages
        .slice(0, i + 1)
        .join(' → ')
        .slice(0, 120)}`,
      files: t.files,
      changed: new Set(t.changed),
      request: messages[i]!,
    }));
  });
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
      if (turn.expect.ending !== 'finished' || turn.expect.version === false) return;
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
    const apps = offlineApps();
    expect(apps.length).toBeGreaterThan(80);
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
    expect(apps.map((a) => a.name)).toEqual(expect.arrayContaining(['replay: snake-canvas-typed-ref turn 1', 'replay: quiz-framer-motion turn 1']));
    const found: Record<string, string[]> = {};
    for (const app of apps) {
      const problems = await problemsOf(app);
      if (problems.length) found[app.name] = problems;
    }
    expect(found).toEqual({});
  });
});
