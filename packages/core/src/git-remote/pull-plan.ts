/**
 * Where a remote's `main` stands against the project's current commit, and so what a pull does:
 * `nothing` (the remote is empty, the same, or behind: Sprout has all it has), `fast-forward` (the
 * remote adds commits on top of the current version: each becomes a version), `diverged` (both
 * sides have commits the other lacks: nothing is taken, nothing is overwritten).
 */
export type PullPlan = 'nothing' | 'fast-forward' | 'diverged';

export function pullPlan(input: {
  /** The current version's commit (null: a project without versions). */
  local: string | null;
  /** The remote's main (null: an empty remote). */
  remote: string | null;
  /** Whether `local` is in the remote's history. */
  remoteHasLocal: boolean;
  /** Whether `remote` is in the project's history. */
  localHasRemote: boolean;
}): PullPlan {
  if (input.remote === null || input.remote === input.local || input.localHasRemote) return 'nothing';
  if (input.local === null || input.remoteHasLocal) return 'fast-forward';
  return 'diverged';
}

/** What a pull of a remote that went its own way says: what happened (nothing) and how to bring both together. */
export const REMOTE_DIVERGED_MESSAGE =
  'The remote and Sprout both have new commits. Nothing was changed on either side: in a clone, pull from both, rebase your commits on Sprout’s, push them to the remote, then pull here again.';
