// What every benchmark shares: the run options (`--short`), statistics, and the summary table's rows.
// Each bench module turns its own results into rows; bench/all.ts prints them as one table.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(BENCH_DIR, '..');

/** `--short` (or BENCH_SHORT=1): few runs and short loads (CI runs the load benchmark this way); only correctness can fail it. */
export const SHORT = process.argv.includes('--short') || process.env.BENCH_SHORT === '1';

/** How many times each measure is taken; the table shows the median. At least 5 unless --short. */
export function runs(short = SHORT): number {
  return Number(process.env.BENCH_RUNS ?? (short ? 3 : 5));
}

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Nearest-rank percentile (p in 0..100). */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** One line of the summary table. `ok` null: no budget (informational). */
export interface Row {
  measure: string;
  ours: string;
  baseline: string;
  ratio: string;
  budget: string;
  ok: boolean | null;
}

export const ms = (n: number) => (Number.isNaN(n) ? 'n/a' : `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`);
export const times = (n: number) => (Number.isNaN(n) ? 'n/a' : `${n < 10 ? n.toFixed(1) : Math.round(n)}×`);

export function renderTable(rows: readonly Row[]): string {
  const header = ['measure', 'ours', 'baseline', 'ratio', 'budget', 'within budget'];
  const cells = rows.map((r) => [r.measure, r.ours, r.baseline, r.ratio, r.budget, r.ok === null ? '—' : r.ok ? 'yes' : 'NO']);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}

/** bench/results/ is not committed: every run leaves its figures there. */
export function writeResult(name: string, data: unknown): string {
  const dir = path.join(BENCH_DIR, 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(data, null, 2));
  return file;
}

/** True when the module at `url` is the script node was started with (a bench run alone). */
export function isMain(url: string): boolean {
  return !!process.argv[1] && url === pathToFileURL(path.resolve(process.argv[1])).href;
}
