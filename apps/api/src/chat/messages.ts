import {
  getActiveRun,
  getRunsByIds,
  getUploadsForOwner,
  type Executor,
  isInstallOwnersFirstRun,
  listMessages,
  refundedRunIds,
  startMessageRun,
  type RunRow,
  type SproutRow,
  type UserWithTier,
} from '@sprout/db';
import { toolLimits } from '@sprout/core';
import { MAX_FIX_ROUNDS, type AttachedImage } from '@sprout/engine';
import { AppError, forbidden } from '../errors';
import type { Services } from '../services';
import type { ChatMessage, ElementRef, FlagOverridesBody, Run } from '@sprout/core/contract';
import { toMessageDto, toRunDto } from './dto';
import { flagsFor, isDeveloper } from '../flags/run-flags';
import { modelFor } from '../engine/run-model';
import { queuedStart } from '../jobs/run-queue';

export const RUN_ACTIVE_MESSAGE = 'A reply is still being written for this project. Wait for it to finish or stop it.';

const runActive = () => new AppError(409, 'run_active', RUN_ACTIVE_MESSAGE);

/** The person's images for a message: theirs only, and only with image uploads on. */
async function attachedImages(s: Services, userId: string, ids: string[], enabled: boolean): Promise<(AttachedImage & { key: string })[]> {
  if (ids.length === 0) return [];
  if (!enabled) throw forbidden('Image uploads are not enabled for your account.');
  const unique = [...new Set(ids)];
  const found = await getUploadsForOwner(s.db, unique, userId);
  if (found.length !== unique.length) throw new AppError(400, 'invalid_attachment', 'An attached image does not exist or is not yours. Upload it again.');
  // The model needs each image whole: read from the file store (an upload from before it is moved there first).
  return Promise.all(
    unique.map(async (id) => {
      const row = found.find((r) => r.id === id)!;
      const key = await s.files.keyOf('uploads', row.id, row.storageKey);
      const data = key ? await s.files.readAll(key) : null;
      if (!data) throw new AppError(400, 'invalid_attachment', 'An attached image does not exist or is not yours. Upload it again.');
      return { uploadId: row.id, mimeType: row.mimeType, key: key!, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
    }),
  );
}

/**
 * A person's chat message: reserves one message of their quota, stores it, and starts a run that
 * answers it in the background. Returns at once; the answer streams over the run's events.
 */
export async function sendMessage(
  s: Services,
  user: UserWithTier,
  sprout: SproutRow,
  body: { text: string; attachments?: string[]; flags?: FlagOverridesBody; element?: ElementRef; mode?: 'plan' | 'build'; planRunId?: string },
  /** In the transaction that starts the run, before its job: refusing (throwing) starts nothing (a plan approved twice). */
  alsoWithin?: (tx: Executor, run: RunRow) => Promise<void>,
): Promise<{ runId: string; messageId: string }> {
  const kind = body.mode === 'plan' ? 'plan' : 'message';
  const flags = await flagsFor(s, user, body.flags);
  const model = modelFor(s, flags);
  const images = await attachedImages(s, user.id, body.attachments ?? [], flags.enableImageUploads);
  // A cheap early answer; the database's one-running-run index is what actually guarantees it.
  if (await getActiveRun(s.db, sprout.id)) throw runActive();
  // The run and its job on the queue exist together: the job is written in the run's transaction.
  const start = queuedStart(
    s.runQueue,
    async (tx, run) => ({
      runId: run.id,
      sproutId: sprout.id,
      userId: user.id,
      kind,
      // Setup text (how to connect a model) for staff, and once for the first account of an install.
      staff: isDeveloper(user) || (await isInstallOwnersFirstRun(tx, user.id)),
      messageId: run.messageId,
      request: body.text,
      model,
      partialEdits: flags.enablePartialFileReplacement,
      condensed: flags.enableCondensedContext,
      baseVersionId: sprout.currentVersionId,
      images: images.map(({ key: _key, ...image }) => image),
      fixBudget: MAX_FIX_ROUNDS,
      ...(body.element ? { element: body.element } : {}),
      ...(body.planRunId ? { planRunId: body.planRunId } : {}),
      // A model that uses tools may take this many steps and tokens with them, by the person's plan.
      ...(kind === 'message' ? { toolLimits: toolLimits(user.tier) } : {}),
    }),
    new Map(images.map((i) => [i.uploadId, i.key])),
  );
  const started = await startMessageRun(
    s.db,
    {
      sproutId: sprout.id,
      userId: user.id,
      text: body.text,
      attachments: images.map((i) => ({ uploadId: i.uploadId, mimeType: i.mimeType, size: i.data.byteLength })),
      model: model.id,
      baseVersionId: sprout.currentVersionId,
      kind,
    },
    async (tx, run) => {
      await alsoWithin?.(tx, run);
      await start.within(tx, run);
    },
  );
  if (!started.ok) {
    if (started.reason === 'run_active') throw runActive();
    const limit = started.limitType === 'daily' ? started.stats.dailyMessages.limit : started.stats.monthlyMessages.limit;
    throw new AppError(402, 'message_limit_reached', `You have used all ${limit} of your ${started.limitType} messages. Upgrade to send more.`, {
      paywall: { source: 'message_limit_reached', limitType: started.limitType, destination: 'upgradeMessages' },
      usage: started.stats,
    });
  }
  start.committed();
  return { runId: started.run.id, messageId: started.message.id };
}

/** The chat of a project, oldest first, each message with its run (status, summary, tokens, model). */
export async function listChat(s: Services, sprout: SproutRow, opts: { limit?: number; before?: Date }): Promise<ChatMessage[]> {
  const messages = await listMessages(s.db, sprout.id, opts);
  const runIds = [...new Set(messages.map((m) => m.runId).filter((id): id is string => !!id))];
  const [rows, refunded] = await Promise.all([getRunsByIds(s.db, runIds), refundedRunIds(s.db, runIds)]);
  const runs = new Map(rows.map((r): [string, RunRow] => [r.id, r]));
  return messages.map((m) => toMessageDto(m, m.runId ? runs.get(m.runId) : undefined, m.runId !== null && refunded.has(m.runId)));
}

export async function activeRun(s: Services, sprout: SproutRow): Promise<Run | null> {
  const run = await getActiveRun(s.db, sprout.id);
  // A running run has not been charged or given back yet.
  return run ? toRunDto(run, false) : null;
}
