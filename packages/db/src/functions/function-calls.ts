import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { newId } from '../ids';
import type { AppScope } from '../app-data/scope';
import { functionCalls } from './tables';

export type FunctionTrigger = 'request' | 'schedule' | 'run-now';

export interface FunctionCallRecord {
  name: string;
  trigger: FunctionTrigger;
  status: number | null;
  outcome: string;
  durationMs: number;
  logs: string[];
  error: { message: string; stack: string | null } | null;
}

export interface FunctionCallRow extends FunctionCallRecord {
  id: string;
  createdAt: Date;
}

/** Calls kept per project dataset: the newest; older ones go as new ones come. */
export const KEPT_FUNCTION_CALLS = 500;

/** Records a call and lets the oldest beyond `keep` go (one indexed statement each). */
export async function recordFunctionCall(db: Executor, scope: AppScope, call: FunctionCallRecord, keep = KEPT_FUNCTION_CALLS): Promise<void> {
  await db.insert(functionCalls).values({ id: newId(), ...scope, ...call });
  const scoped = and(eq(functionCalls.sproutId, scope.sproutId), eq(functionCalls.dataset, scope.dataset));
  const edge = db.select({ seq: functionCalls.seq }).from(functionCalls).where(scoped).orderBy(desc(functionCalls.seq)).offset(keep).limit(1);
  await db.delete(functionCalls).where(and(scoped, lte(functionCalls.seq, sql`(${edge})`)));
}

/** The newest calls of a dataset, newest first; of one function when `name` is given. */
export async function listFunctionCalls(db: Executor, scope: AppScope, o: { name?: string; limit: number }): Promise<FunctionCallRow[]> {
  return db
    .select({
      id: functionCalls.id,
      name: functionCalls.name,
      trigger: sql<FunctionTrigger>`${functionCalls.trigger}`,
      status: functionCalls.status,
      outcome: functionCalls.outcome,
      durationMs: functionCalls.durationMs,
      logs: functionCalls.logs,
      error: functionCalls.error,
      createdAt: functionCalls.createdAt,
    })
    .from(functionCalls)
    .where(and(eq(functionCalls.sproutId, scope.sproutId), eq(functionCalls.dataset, scope.dataset), o.name ? eq(functionCalls.name, o.name) : undefined))
    .orderBy(desc(functionCalls.seq))
    .limit(o.limit);
}
