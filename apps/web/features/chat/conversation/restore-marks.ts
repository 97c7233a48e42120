import type { Version } from '@sprout/core/contract';
import { restoredNumberOf } from '@/lib/version-label';

/*
 * Restores in the conversation: a restore is a version the person made in History, not
 * a message, yet it changes what the chat's earlier turns mean. From the project's versions: where
 * each restore happened (to put a line in the chat at that moment) and which replies' work it undid
 * (their turns are marked), until a later restore brings that work back.
 */

export interface RestoreMark {
  /** The version the restore saved. */
  versionId: string;
  number: number;
  /** The (API) number of the version it restored, when the restore says it. */
  restoredNumber: number | null;
  summary: string | null;
  createdAt: string;
}

export interface RestoreMarks {
  restores: RestoreMark[];
  /** Replies (by run id) whose versions a restore undid, with that restore. */
  superseded: Map<string, RestoreMark>;
}

export function restoreMarks(versions: readonly Version[]): RestoreMarks {
  const ordered = [...versions].sort((a, b) => a.number - b.number);
  const restores: RestoreMark[] = [];
  const undone = new Map<number, RestoreMark>();
  for (const v of ordered) {
    if (v.source !== 'restore') continue;
    const mark: RestoreMark = { versionId: v.id, number: v.number, restoredNumber: restoredNumberOf(v.summary), summary: v.summary, createdAt: v.createdAt };
    restores.push(mark);
    const back = mark.restoredNumber;
    if (back === null) continue;
    // What the restored version already had is back; what came after it until now is undone.
    for (const n of [...undone.keys()]) if (n <= back) undone.delete(n);
    for (const w of ordered) if (w.number > back && w.number < v.number && !undone.has(w.number)) undone.set(w.number, mark);
  }
  const superseded = new Map<string, RestoreMark>();
  for (const v of ordered) {
    const mark = undone.get(v.number);
    if (mark && v.runId && v.source === 'run') superseded.set(v.runId, mark);
  }
  return { restores, superseded };
}
