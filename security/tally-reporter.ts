import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Reporter } from 'vitest/reporters';
import type { TallyCounts } from '@sprout/testkit/vitest';

/**
 * Prints the security suite's counts at the end of a run: per category, the hostile cases tried,
 * refused and the failures (cases that got through). Silent when no security test ran. The figures
 * are also written to security/results/latest.json (git-ignored) for docs/reliability.md.
 */
export default class TallyReporter implements Reporter {
  private dir = '';

  onInit(): void {
    this.dir = mkdtempSync(path.join(tmpdir(), 'sprout-tally-'));
    // Test workers start after this and inherit it.
    process.env.SPROUT_TALLY_DIR = this.dir;
  }

  onTestRunEnd(): void {
    const rows = new Map<string, TallyCounts>();
    for (const file of readdirSync(this.dir)) {
      const c = JSON.parse(readFileSync(path.join(this.dir, file), 'utf8')) as TallyCounts;
      const row = rows.get(c.category) ?? { category: c.category, tried: 0, refused: 0, failures: [], notes: [] };
      row.tried += c.tried;
      row.refused += c.refused;
      row.failures.push(...c.failures);
      row.notes.push(...c.notes);
      rows.set(c.category, row);
    }
    rmSync(this.dir, { recursive: true, force: true });
    if (rows.size === 0) return;
    const list = [...rows.values()].sort((a, b) => a.category.localeCompare(b.category));
    const width = Math.max(...list.map((r) => r.category.length), 8);
    const lines = [
      '',
      'Security cases (tried / refused / failures):',
      `  ${'category'.padEnd(width)}  ${'tried'.padStart(7)}  ${'refused'.padStart(7)}  ${'failures'.padStart(8)}`,
      ...list.map(
        (r) => `  ${r.category.padEnd(width)}  ${String(r.tried).padStart(7)}  ${String(r.refused).padStart(7)}  ${String(r.failures.length).padStart(8)}`,
      ),
      `  ${'total'.padEnd(width)}  ${String(list.reduce((n, r) => n + r.tried, 0)).padStart(7)}  ${String(list.reduce((n, r) => n + r.refused, 0)).padStart(7)}  ${String(list.reduce((n, r) => n + r.failures.length, 0)).padStart(8)}`,
    ];
    for (const r of list) for (const n of r.notes) lines.push(`  ${r.category}: ${n}`);
    for (const r of list) for (const f of r.failures.slice(0, 10)) lines.push(`  FAILURE ${r.category}: ${f}`);
    console.log(lines.join('\n'));
    const out = path.join(path.dirname(new URL(import.meta.url).pathname), 'results');
    try {
      mkdirSync(out, { recursive: true });
      writeFileSync(path.join(out, 'latest.json'), JSON.stringify({ at: new Date().toISOString(), categories: list }, null, 2));
    } catch (err) {
      console.warn(`could not write security figures: ${(err as Error).message}`);
    }
  }
}
