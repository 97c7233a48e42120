// The suite's one table (Markdown, so docs/quality.md can hold it as printed) and the list of the
// cases that did not end as expected.
import type { CaseRecord, Summary } from './metrics';

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
  return [
    ['cases', `${s.cases}${s.runsPerCase > 1 ? ` (${s.cases / s.runsPerCase} cases × ${s.runsPerCase} runs)` : ''}, model ${s.model}`],
    ['ended as expected', expected],
    ['working preview at the end', `${s.preview.working} of ${s.preview.expected} (${pct(s.preview.working, s.preview.expected)})`],
    ['behaviour checks passed', checks],
    ['fix rounds', `${s.fixRounds.mean.toFixed(2)} per case (${s.fixRounds.total} in all)`],
    ['tokens in / out', `${tokens(s.tokens.meanIn)} / ${tokens(s.tokens.meanOut)} per case (${tokens(s.tokens.in)} / ${tokens(s.tokens.out)} in all)`],
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

export function markdownTable(header: [string, string], rows: readonly [string, string][]): string {
  const esc = (v: string) => v.replace(/\|/g, '\\|');
  const w0 = Math.max(header[0].length, ...rows.map((r) => esc(r[0]).length));
  const w1 = Math.max(header[1].length, ...rows.map((r) => esc(r[1]).length));
  const line = (a: string, b: string) => `| ${esc(a).padEnd(w0)} | ${esc(b).padEnd(w1)} |`;
  return [line(...header), `|${'-'.repeat(w0 + 2)}|${'-'.repeat(w1 + 2)}|`, ...rows.map((r) => line(...r))].join('\n');
}

export function summaryTable(s: Summary): string {
  return markdownTable(['measure', `${s.suite}`], summaryRows(s));
}

const runTag = (r: CaseRecord, runs: number) => (runs > 1 ? ` (run ${r.run})` : '');

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
