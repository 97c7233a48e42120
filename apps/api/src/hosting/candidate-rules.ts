// What the render check (verify/) and the preview host share without depending on each other:
// the check's cookie and the data rules of a candidate under check.

/**
 * The server's render check (verify/render-check.ts) loads a run's candidate version, which is not in
 * the database yet, on the project's preview origin. It carries a `check` preview token in this cookie:
 * signed in-process with the API's keys for one owner, one project and one candidate version, valid
 * 60 s, and never returned by any route. The checker adds it to the requests it answers through the
 * API itself, so the token never reaches the page (nor any other host).
 */
export const CHECK_COOKIE = 'sprout_render_check';

/** Said by the preview host when the candidate's build is no longer in memory: the check is skipped. */
export const CHECK_BUILD_GONE = 'The version to check is no longer in the preview build cache.';

// The data rules a candidate brings (its sprout.data.json, or none), while it is being checked: the
// candidate's backend requests follow the rules of the code being checked, not the current version's.
const candidateRules = new Map<string, { text: string | null; holders: number }>();

/** Registers a candidate's rules for the duration of its check; returns the function that ends it. */
export function holdCandidateRules(versionId: string, text: string | null): () => void {
  const held = candidateRules.get(versionId);
  if (held) held.holders += 1;
  else candidateRules.set(versionId, { text, holders: 1 });
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const entry = candidateRules.get(versionId);
    if (entry && --entry.holders <= 0) candidateRules.delete(versionId);
  };
}

/** The rules text registered for a candidate under check (null: it has none), or undefined when none was registered. */
export function candidateRulesOf(versionId: string): { text: string | null } | undefined {
  const entry = candidateRules.get(versionId);
  return entry ? { text: entry.text } : undefined;
}
