import { asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { runs, users } from '../schema';

/**
 * Whether this is the first account of the install on its first run: the person who ran
 * `npm start` and is trying Sprout, who is the one who can connect a model (the offline builder
 * tells them how, once). `runs` counts the run just started.
 */
export async function isInstallOwnersFirstRun(db: Executor, userId: string): Promise<boolean> {
  const [first] = await db.select({ id: users.id }).from(users).orderBy(asc(users.createdAt), asc(users.id)).limit(1);
  if (first?.id !== userId) return false;
  const [row] = await db.select({ n: count() }).from(runs).where(eq(runs.userId, userId));
  return Number(row?.n ?? 0) <= 1;
}
