import { z } from 'zod';
import { CheckIssue, ElementRef, RUN_KINDS } from '@sprout/core/contract';
import type { AttachedImage, EngineDeps, RunInput } from '@sprout/engine';
import type { StoredFiles } from '../file-store/stored-files';
import type { EngineService } from '../engine/engine-service';

/**
 * A run as a job on the queue: what its RunInput holds, without what cannot be written down (the
 * model, by its label instead; images, by their uploads). Written in the transaction that inserts
 * the run, read by whichever worker takes it.
 */
export const RunJob = z.object({
  runId: z.string().min(1),
  sproutId: z.string().min(1),
  userId: z.string().min(1),
  kind: z.enum(RUN_KINDS),
  staff: z.boolean(),
  messageId: z.string().nullable(),
  request: z.string(),
  model: z.string(),
  partialEdits: z.boolean(),
  condensed: z.boolean(),
  baseVersionId: z.string().nullable(),
  images: z.array(z.object({ uploadId: z.string(), mimeType: z.string(), key: z.string().nullable() })),
  fixBudget: z.number().int().min(0),
  runtimeIssues: z.array(CheckIssue).optional(),
  element: ElementRef.optional(),
  // A message run's bounds on tools by the person's plan (docs/architecture.md#tools).
  toolLimits: z.object({ steps: z.number().int().min(0), tokens: z.number().int().min(0) }).optional(),
  planRunId: z.string().optional(),
});
export type RunJob = z.infer<typeof RunJob>;

/** The job of a run: `images` carry the file store key each upload's bytes are under. */
export function toRunJob(input: RunInput, imageKeys: ReadonlyMap<string, string>): RunJob {
  const { model, images, ...rest } = input;
  return {
    ...rest,
    model: model.id,
    images: images.map((i) => ({ uploadId: i.uploadId, mimeType: i.mimeType, key: imageKeys.get(i.uploadId) ?? null })),
  };
}

type Log = NonNullable<EngineDeps['log']>;

/**
 * The RunInput of a job, on the worker that took it. A model the operator no longer offers gives way
 * to the default one, and an image whose bytes are gone is left out (each said in the log): the
 * person's message is answered rather than left waiting.
 */
export async function fromRunJob(deps: { engine: EngineService; files: StoredFiles; log: Log }, job: RunJob): Promise<RunInput> {
  let model;
  try {
    model = deps.engine.model(job.model);
  } catch (err) {
    deps.log.warn({ err, runId: job.runId, model: job.model }, 'the run’s model is no longer offered: the default model answers');
    model = deps.engine.model(null);
  }
  const images: AttachedImage[] = [];
  for (const image of job.images) {
    const data = image.key ? await deps.files.readAll(image.key) : null;
    if (!data) {
      deps.log.warn({ runId: job.runId, uploadId: image.uploadId }, 'an attached image is gone: the run goes on without it');
      continue;
    }
    images.push({ uploadId: image.uploadId, mimeType: image.mimeType, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) });
  }
  const { model: _label, images: _images, ...rest } = job;
  return { ...rest, model, images };
}
