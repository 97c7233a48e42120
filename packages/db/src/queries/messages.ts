import { and, asc, count, desc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { newId } from '../ids';
import { messages } from '../schema';

export type MessageRow = typeof messages.$inferSelect;
export type MessageRole = 'user' | 'assistant';

/** What a message keeps of an attached upload (the bytes stay in `uploads`). */
export interface MessageAttachment {
  uploadId: string;
  mimeType: string;
  size: number;
}

export async function insertMessage(
  db: Executor,
  input: { sproutId: string; userId: string | null; role: MessageRole; content: string; attachments?: MessageAttachment[]; runId?: string | null; id?: string },
): Promise<MessageRow> {
  const rows = await db
    .insert(messages)
    .values({
      id: input.id ?? newId(),
      sproutId: input.sproutId,
      userId: input.userId,
      role: input.role,
      content: input.content,
      attachments: input.attachments ?? [],
      runId: input.runId ?? null,
    })
    .returning();
  return rows[0]!;
}

/** The newest `limit` messages of a project (before `before`, for paging), oldest first. */
export async function listMessages(db: Executor, sproutId: string, opts: { limit?: number; before?: Date } = {}): Promise<MessageRow[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(opts.before ? and(eq(messages.sproutId, sproutId), lt(messages.createdAt, opts.before)) : eq(messages.sproutId, sproutId))
    .orderBy(desc(messages.createdAt), desc(messages.seq))
    .limit(opts.limit ?? 100);
  return rows.reverse();
}

/** How many messages a project's chat holds (the engine moves its history window in steps of it). */
export async function countMessages(db: Executor, sproutId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(messages).where(eq(messages.sproutId, sproutId));
  return Number(row?.n ?? 0);
}

export async function listMessagesOfRun(db: Executor, runId: string): Promise<MessageRow[]> {
  return db.select().from(messages).where(eq(messages.runId, runId)).orderBy(asc(messages.createdAt), asc(messages.seq));
}
