import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'latest.json');

/**
 * Prints a test's figures and keeps the latest per test in reliability/results/latest.json
 * (git-ignored), the source of docs/reliability.md.
 */
export function record(test: string, variant: string, figures: Record<string, unknown>): void {
  console.log(`[figures] ${test} (${variant}): ${JSON.stringify(figures)}`);
  mkdirSync(path.dirname(FILE), { recursive: true });
  let all: Record<string, unknown> = {};
  try {
    all = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, unknown>;
  } catch {
    // First figures of this checkout.
  }
  all[`${test} (${variant})`] = { ...figures, at: new Date().toISOString() };
  writeFileSync(FILE, JSON.stringify(all, null, 2));
}
