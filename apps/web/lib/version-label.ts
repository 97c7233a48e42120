/*
 * How versions are numbered to the person: every project begins at version 1, the
 * starter (or the files it was created or remixed with); that is its start, not something the person
 * built. So the person's first build is "Version 1", in the chat, the history and every toast alike,
 * while the API keeps its own numbers (version 2 there).
 */

/** The number the person sees, or null for the start (internal version 1). */
export function shownVersionNumber(internal: number): number | null {
  return Number.isInteger(internal) && internal > 1 ? internal - 1 : null;
}

/** "Version 3", or "the start" for the project as it was created. */
export function versionName(internal: number): string {
  const n = shownVersionNumber(internal);
  return n === null ? 'the start' : `Version ${n}`;
}

/** The same in the middle of a sentence: "version 3", "the start". */
export function versionNameInline(internal: number): string {
  const n = shownVersionNumber(internal);
  return n === null ? 'the start' : `version ${n}`;
}

/** The short badge of the history list: "v3", or "Start". */
export function versionBadge(internal: number): string {
  const n = shownVersionNumber(internal);
  return n === null ? 'Start' : `v${n}`;
}

/** "Restored version 3" (the API's words for a restore, in its own numbers) → 3, else null. */
export function restoredNumberOf(summary: string | null): number | null {
  const m = summary ? /^Restored version (\d+)$/.exec(summary.trim()) : null;
  return m ? Number(m[1]) : null;
}

/** A version's summary in the person's numbering: the API writes a restore as "Restored version 3" in its own. */
export function shownSummary(summary: string | null): string | null {
  const restored = restoredNumberOf(summary);
  return restored === null ? summary : `Restored ${versionNameInline(restored)}`;
}
