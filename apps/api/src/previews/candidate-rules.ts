// The data rules of a candidate under check, which the checks (checks/) register and the app backend
// reads, without depending on each other: one register per app, in its services.

/**
 * The data rules a candidate brings (its sprout.data.json, or none), while it is being checked: the
 * candidate's backend requests follow the rules of the code being checked, not the current version's.
 */
export class CandidateRules {
  private readonly held = new Map<string, { text: string | null; holders: number }>();

  /** Registers a candidate's rules for the duration of its check; returns the function that ends it. */
  hold(versionId: string, text: string | null): () => void {
    const held = this.held.get(versionId);
    if (held) held.holders += 1;
    else this.held.set(versionId, { text, holders: 1 });
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const entry = this.held.get(versionId);
      if (entry && --entry.holders <= 0) this.held.delete(versionId);
    };
  }

  /** The rules text registered for a candidate under check (null: it has none), or undefined when none was registered. */
  of(versionId: string): { text: string | null } | undefined {
    const entry = this.held.get(versionId);
    return entry ? { text: entry.text } : undefined;
  }
}
