// npm run eval -- --suite <dir> [--model <spec>] [--runs N] [--short] [--strict] [--json <file>]
// Runs every case of a suite through the real pipeline on a throwaway API and prints one table
// (eval/README.md says what each figure means), the cases that did not end as expected, and writes
// the results as JSON beside it (eval/results/<suite>-latest.json unless --json says otherwise).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArgsError, parseArgs, USAGE } from './lib/args';
import { driveCase, REPLAY, startInstance } from './lib/drive';
import { judgeCase, type CaseRecord } from './lib/judge-case';
import { summarize } from './lib/metrics';
import { loadSuite } from './lib/suite';
import { caseList, caseTable, duration, stepsAndTokens, summaryTable } from './lib/table';

const EVAL_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(EVAL_DIR, '..');

function commit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

function describeCase(r: CaseRecord): string {
  const mark = r.asExpected === true ? 'ok  ' : r.asExpected === false ? 'FAIL' : 'n/j ';
  const rounds = r.fixRounds ? `, ${r.fixRounds} fix round${r.fixRounds === 1 ? '' : 's'}` : '';
  const checks = r.checks ? `, checks ${r.checks.passed}/${r.checks.total}` : '';
  return `${mark} ${r.name}: ${r.ending}${rounds}${checks}, ${stepsAndTokens(r)} (${duration(r.durationMs)})`;
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof ArgsError)) throw err;
    console.error(`${err.message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const suite = loadSuite(path.resolve(args.suite));
  const model = args.model ?? suite.model;
  const recorded = model === REPLAY;
  // A suite's cases are judged by their own expectations (`expect`) when it runs on its own model
  // (the recording, or the deterministic offline builder); another model is judged by `withModel`.
  const ownModel = recorded || model === suite.model;
  let cases = args.short ? suite.cases.filter((c) => suite.short.includes(c.name)) : suite.cases;
  if (args.cases.length) {
    const unknown = args.cases.filter((n) => !suite.cases.some((c) => c.name === n));
    if (unknown.length) throw new Error(`no such case in ${suite.name}: ${unknown.join(', ')}`);
    cases = cases.filter((c) => args.cases.includes(c.name));
  }
  if (!recorded && suite.model === REPLAY) console.log(`The ${suite.name} suite's prompts against ${model}: its recorded replies are not used.`);
  console.log(`\nEval ${suite.name}: ${cases.length} case${cases.length === 1 ? '' : 's'}${args.short ? ' (short)' : ''} × ${args.runs}, model ${model}`);

  const started = Date.now();
  const inst = await startInstance(model);
  const records: CaseRecord[] = [];
  try {
    for (let run = 1; run <= args.runs; run++) {
      for (const c of cases) {
        const observed = await driveCase(inst, c, run, { recorded, ownModel, turnTimeoutMs: recorded || model === 'offline' ? 180_000 : 660_000 });
        const record = judgeCase(c, observed, ownModel);
        records.push(record);
        console.log(`  ${describeCase(record)}`);
      }
    }
  } finally {
    await inst.close();
  }
  const summary = summarize(suite.name, model, args.runs, records, Date.now() - started);
  const table = summaryTable(summary);
  // The plan and tool cases, one row each (docs/quality.md holds this table as printed).
  const planAndTool = records.filter((r) => r.plans.turns > 0 || r.approvals.turns > 0 || Object.keys(r.toolCalls).length > 0);
  const perCase = planAndTool.length ? caseTable(planAndTool, args.runs) : null;
  console.log(`\n${table}\n${perCase ? `\nPlan and tool cases:\n\n${perCase}\n` : ''}\n${caseList(records, args.runs)}\n`);

  const out = path.resolve(args.json ?? path.join(EVAL_DIR, 'results', `${suite.name}${args.short ? '-short' : ''}-latest.json`));
  mkdirSync(path.dirname(out), { recursive: true });
  const options = { short: args.short, runs: args.runs, cases: args.cases };
  writeFileSync(
    out,
    `${JSON.stringify({ suite: suite.name, model, date: new Date().toISOString(), commit: commit(), options, summary, table, caseTable: perCase, records }, null, 2)}\n`,
  );
  console.log(`Results: ${path.relative(process.cwd(), out)}`);

  const failed = records.filter((r) => r.asExpected === false).length;
  if (args.strict && failed > 0) {
    console.error(`FAILED: ${failed} case run${failed === 1 ? '' : 's'} did not end as expected.`);
    return 1;
  }
  return 0;
}

process.exitCode = await main();
