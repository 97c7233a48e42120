// The security suites' tally (security/, the browser security checks in e2e/, the API's preview-origin test):
// hostile cases tried, refused and got through, per category; security/tally-reporter.ts prints them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';

/** Where test files leave their counts; the tally reporter (tally-reporter.ts) reads and prints them. */
export const tallyDir = () => process.env.SPROUT_TALLY_DIR ?? path.join(tmpdir(), 'sprout-security-tally');

export interface TallyCounts {
  category: string;
  tried: number;
  refused: number;
  failures: string[];
  /** Extra figures (timings, sizes) shown beside the counts. */
  notes: string[];
}

/**
 * Counts the hostile cases a security test tried, how many the product refused (or survived), and
 * the ones that got through. `check` records; `assertClean` fails the test with every failure at once,
 * or when it tried nothing.
 */
export class Tally {
  private readonly counts: TallyCounts;

  constructor(category: string) {
    this.counts = { category, tried: 0, refused: 0, failures: [], notes: [] };
  }

  /** One case: `refused` true when the product held (refused it, or handled it safely). */
  check(refused: boolean, detail: string): boolean {
    this.counts.tried += 1;
    if (refused) this.counts.refused += 1;
    else this.counts.failures.push(detail);
    // Saved now and then (a fuzz run checks thousands of cases), and always by note/assertClean.
    if (!refused || performance.now() - this.savedAt > 250) this.save();
    return refused;
  }

  note(text: string): void {
    this.counts.notes.push(text);
    this.save();
  }

  get failures(): readonly string[] {
    return this.counts.failures;
  }

  get tried(): number {
    return this.counts.tried;
  }

  private checkedUpTo = 0;

  private triedUpTo = 0;

  /**
   * Fails with the failures recorded since the previous assertClean (each test checks its own
   * cases), and when no case was tried since then: a check that tried nothing proves nothing (a
   * list of cases that came out empty, a loop that never ran).
   */
  assertClean(): void {
    this.save();
    const fresh = this.counts.failures.slice(this.checkedUpTo);
    const tried = this.counts.tried - this.triedUpTo;
    this.checkedUpTo = this.counts.failures.length;
    this.triedUpTo = this.counts.tried;
    expect(tried, `${this.counts.category}: no case was tried since the previous check`).toBeGreaterThan(0);
    expect(fresh, `${this.counts.category}: cases that got through`).toEqual([]);
  }

  private readonly file = path.join(tallyDir(), `${process.pid}-${Math.random().toString(36).slice(2)}.json`);

  private savedAt = 0;

  private save(): void {
    this.savedAt = performance.now();
    mkdirSync(tallyDir(), { recursive: true });
    writeFileSync(this.file, JSON.stringify({ ...this.counts, failures: this.counts.failures.slice(0, 50) }));
  }
}
