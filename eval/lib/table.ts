// The suite's one table (Markdown, so docs/quality.md can hold it as printed) and the list of the
// cases that did not end as expected.
import type { CaseRecord } from './judge-case';
import type { Summary } from './metrics';

const pct = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1).replace(/\.0$/, '')} %`);

/** 1234 → "1.2k", 1234567 → "1.23M". */
export function tokens(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(2)}M`;
  if (n >= 1000) return `${(n / 1000).toFixed(1)}k`;
  return String(Math.round(n));
}

/** 840 → "840 ms", 12_400 → "12.4 s", 95_000 → "1 min 35 s". */
export function duration(ms: number | null): string {
  if (ms === null) return 'n/a';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

/** `{ build: 3, render: 5 }` → "render 5 · build 3" (largest first); "none" when empty. */
export function byKind(counts: Record<string, number>): string {
  const entries = Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return entries.length ? entries.map(([k, v]) => `${k} ${v}`).join(' · ') : 'none';
}

export function summaryRows(s: Summary): [string, string][] {
  const notJudged = Object.values(s.notJudged).reduce((a, b) => a + b, 0);
  const expected = `${s.asExpected} of ${s.judged} (${pct(s.asExpected, s.judged)})${
    notJudged
      ? ` · ${notJudged} not judged: ${Object.entries(s.notJudged)
          .map(([why, n]) => `${n} because ${why}`)
          .join(', ')}`
      : ''
  }`;
  const checks =
    s.checks.total > 0
      ? `${s.checks.passed} of ${s.checks.total} (${pct(s.checks.passed, s.checks.total)}) in ${s.checks.cases} cases`
      : `not run (${s.checks.projectsWithChecks} of ${s.cases} projects have checks; no round ran them)`;
  const first = s.firstWorkingPreviewMs;
  const p = s.plans;
  const a = s.approvals;
  const steps = `${s.steps.mean.toFixed(2)} per case (${s.steps.total} in all: ${s.steps.requests} model requests · ${s.steps.toolCalls} tool calls)`;
  return [
    ['cases', `${s.cases}${s.runsPerCase > 1 ? ` (${s.cases / s.runsPerCase} cases × ${s.runsPerCase} runs)` : ''}, model ${s.model}`],
    ['ended as expected', expected],
    ['working preview at the end', `${s.preview.working} of ${s.preview.expected} (${pct(s.preview.working, s.preview.expected)})`],
    ['behaviour checks passed', checks],
    ['fix rounds', `${s.fixRounds.mean.toFixed(2)} per case (${s.fixRounds.total} in all)`],
    ['tokens in / out', `${tokens(s.tokens.meanIn)} / ${tokens(s.tokens.meanOut)} per case (${tokens(s.tokens.in)} / ${tokens(s.tokens.out)} in all)`],
    ['model steps (requests and tool calls)', steps],
    ['tool calls by tool', byKind(s.tools)],
    [
      'plan turns: plans as expected',
      p.turns ? `${p.asExpected} of ${p.turns} (${pct(p.asExpected, p.turns)}) in ${p.cases} case${p.cases === 1 ? '' : 's'}` : 'no plan turns',
    ],
    ['plan turns: charged nothing', p.turns ? `${p.uncharged} of ${p.turns} (${pct(p.uncharged, p.turns)})` : 'no plan turns'],
    [
      'approved plans: built, charged',
      a.turns ? `${a.built} of ${a.turns} made a version · ${a.charged} message${a.charged === 1 ? '' : 's'} charged` : 'no approvals',
    ],
    [
      'time to first working preview',
      first.n ? `median ${duration(first.median)} · p90 ${duration(first.p90)} (${first.n} cases)` : 'n/a (no working preview)',
    ],
    ['failures by kind: run endings', byKind(s.endings)],
    ['failures by kind: issues sent to fix rounds', byKind(s.fixIssues)],
    ['extra requests (continue, placeholder)', byKind(s.requests)],
    ['suspect false positives (only the imports check failed; types and render passed)', String(s.suspectFalsePositives)],
    ['wall time', duration(s.durationMs)],
  ];
}

/** A Markdown table, its columns padded to their widest cell and pipes escaped. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const esc = (v: string) => v.replace(/\|/g, '\\|');
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => esc(row[i] ?? '').length)));
  const line = (cells: readonly string[]) => `| ${widths.map((w, i) => esc(cells[i] ?? '').padEnd(w)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

export function summaryTable(s: Summary): string {
  return markdownTable(['measure', `${s.suite}`], summaryRows(s));
}

const runTag = (r: CaseRecord, runs: number) => (runs > 1 ? ` (run ${r.run})` : '');

/** A case's model steps and tokens in words: "3 steps (1 tool call), tokens 1.2k / 300". */
export function stepsAndTokens(r: Pick<CaseRecord, 'steps' | 'toolCalls' | 'tokensIn' | 'tokensOut'>): string {
  const calls = Object.values(r.toolCalls).reduce((x, y) => x + y, 0);
  const tools = calls ? ` (${calls} tool call${calls === 1 ? '' : 's'})` : '';
  return `${r.steps} step${r.steps === 1 ? '' : 's'}${tools}, tokens ${tokens(r.tokensIn)} / ${tokens(r.tokensOut)}`;
}

/** What each turn was, in a word: `plan` (a plan turn), `build` (Build on a plan), `msg` (a message). */
const TURN_WORD = { plan: 'plan', approve: 'build', build: 'msg' } as const;

/**
 * One row per case (the plan and tool cases in docs/quality.md): its turns and how they ended, whether
 * it ended as expected, its model steps and tool calls, tokens, and the messages each turn was charged.
 */
export function caseTable(records: readonly CaseRecord[], runs: number): string {
  const header = ['case', 'turns: ending', 'as expected', 'steps (tool calls)', 'tokens in / out', 'charged per turn'];
  const rows = records.map((r) => {
    const turns = r.turns.map((t) => `${TURN_WORD[t.kind]} ${t.facts.ending}`).join(' → ');
    const calls = Object.values(r.toolCalls).reduce((x, y) => x + y, 0);
    return [
      `${r.name}${runTag(r, runs)}`,
      turns,
      r.asExpected === true ? 'yes' : r.asExpected === false ? 'no' : 'not judged',
      `${r.steps} (${calls})`,
      `${tokens(r.tokensIn)} / ${tokens(r.tokensOut)}`,
      r.turns.map((t) => (t.charged === null ? '?' : String(t.charged))).join(' · '),
    ];
  });
  return markdownTable(header, rows);
}

/** The cases that did not end as expected, and those that could not be judged, each with why. */
export function caseList(records: readonly CaseRecord[], runs: number): string {
  const failed = records.filter((r) => r.asExpected === false);
  const unjudged = records.filter((r) => r.asExpected === null);
  const lines: string[] = [];
  lines.push(failed.length ? `Not as expected (${failed.length}):` : 'Every judged case ended as expected.');
  for (const r of failed) lines.push(`- ${r.name}${runTag(r, runs)} [${r.defect}]: ${r.reasons.join('; ')}`);
  if (unjudged.length) {
    lines.push('', `Not judged (${unjudged.length}): what they expect depends on a check the server did not run.`);
    for (const r of unjudged) lines.push(`- ${r.name}${runTag(r, runs)} [${r.defect}]: ${r.notJudged}; saw: ${r.reasons.join('; ')}`);
  }
  return lines.join('\n');
}
