import { z } from 'zod';
import { BehaviourCheckResult, CheckIssue, RenderCheckSummary, TypeCheckSummary } from './checks';
import { PreviewManifest } from './hosting';
import { RUN_KINDS } from './chat';
import { ChecklistItem, Plan } from './plans';

const RunTotals = z.object({
  model: z.string(),
  tokensIn: z.number().int(),
  tokensOut: z.number().int(),
  /** Of tokensIn, how many the provider read from its prompt cache (runs ended before it was recorded have none). */
  tokensInCached: z.number().int().optional(),
  fixRounds: z.number().int(),
  durationMs: z.number(),
});
export type RunTotals = z.infer<typeof RunTotals>;

/** One step of a model's tool use, as `tool.called` and `tool.result` carry it. */
const ToolStep = z.object({ name: z.string(), input: z.record(z.string(), z.unknown()), summary: z.string() });

/** The payload of every run event type, as streamed over SSE and stored in run_events. */
export const RUN_EVENT_PAYLOADS = {
  'run.started': z.object({
    runId: z.string(),
    sproutId: z.string(),
    kind: z.enum(RUN_KINDS),
    model: z.string(),
    baseVersionId: z.string().nullable(),
    messageId: z.string().nullable(),
  }),
  'text.delta': z.object({ text: z.string() }),
  'file.started': z.object({ path: z.string() }),
  'file.delta': z.object({ path: z.string(), text: z.string() }),
  /** A complete file was written to the run's working copy (the version is created at the end). */
  'file.written': z.object({ path: z.string(), bytes: z.number().int(), created: z.boolean() }),
  'edit.applied': z.object({ path: z.string(), blocks: z.number().int() }),
  'file.deleted': z.object({ path: z.string() }),
  'file.renamed': z.object({ from: z.string(), to: z.string() }),
  /** Something in the answer could not be applied or understood; it is not guessed. */
  problem: z.object({ kind: z.string(), message: z.string(), path: z.string().optional() }),
  /**
   * `ok` and `issues` decide fix rounds. The type check is advisory (the preview strips types):
   * `typeErrors` are the compiler's errors in the files the run changed, `typeCheck` says whether it ran.
   * One per round. A round that ends the checks sends it when its type check ends, which for a run
   * that makes a version is after `version.created` and `preview.ready` (the preview does not wait
   * for the compiler) and before `run.finished`; `durationMs` is the build's and linters' time.
   * The engine always sends `typeErrors` and `typeCheck`; events stored before the type check existed
   * (November 2026) have neither, and a replay sends them as stored.
   */
  'check.result': z.object({
    round: z.number().int(),
    ok: z.boolean(),
    issues: z.array(CheckIssue),
    fixes: z.array(z.string()),
    durationMs: z.number(),
    typeErrors: z.array(CheckIssue).optional(),
    typeCheck: TypeCheckSummary.optional(),
    /** The render check of this round's candidate (events stored before it existed have none). */
    render: RenderCheckSummary.optional(),
    /** The project's behaviour checks (checks/*.json) run against this round's candidate, when it has any and it rendered. */
    behaviour: z.array(BehaviourCheckResult).optional(),
  }),
  /** Another model request: `continue` (cut-off answer), `placeholder` (lazy files), `errors` / `runtime` (fix rounds 1–2). */
  'fix.started': z.object({
    round: z.number().int(),
    reason: z.enum(['continue', 'placeholder', 'errors', 'runtime', 'security']),
    issues: z.array(CheckIssue),
  }),
  /**
   * A round's candidate built: the page may show it (the preview host serves it to the owner by this
   * id) while the server checks it. It becomes a version only if its checks pass (`version.created`
   * with the same id); otherwise a fix round follows or the current version stays. `manifest`: its
   * module list, which the page hands to a frame that hot-applies it (absent for a large project,
   * and on events stored before it existed: the frame then asks the preview host).
   */
  'preview.candidate': z.object({ versionId: z.string(), round: z.number().int(), manifest: PreviewManifest.optional() }),
  /** `sharing`: who sees what in the app, when the run changed it (the reply opens with it; absent on events stored before it existed). */
  'version.created': z.object({ versionId: z.string(), number: z.number().int(), summary: z.string().nullable(), sharing: z.string().optional() }),
  'preview.ready': z.object({ versionId: z.string(), ok: z.boolean(), errors: z.array(CheckIssue), acceptRuntimeErrorsUntil: z.string() }),
  /**
   * `refunded`: a run that changed nothing and was not charged (absent on events stored before it existed).
   * `missingSecrets`: secrets the run's functions read that the preview has no value for (the chat
   * offers a button per name to the Secrets form); `missingSecretsText`: the sentence the reply ended
   * with to ask for them (absent when the reply had already named each).
   */
  'run.finished': RunTotals.extend({
    versionId: z.string().nullable(),
    summary: z.string().nullable(),
    remainingIssues: z.number().int(),
    refunded: z.boolean().optional(),
    missingSecrets: z.array(z.string()).optional(),
    missingSecretsText: z.string().optional(),
  }),
  /**
   * A model that uses tools (docs/architecture.md#tools) called one: `name` (read_file, search_files,
   * list_files, run_checks, view_preview, query_data, ask_person), `input` the tool's input object as
   * the model gave it, `summary` one short line of what it does ("Reading client/src/App.tsx").
   * `tool.result` follows when it is done, with the same name and input and what it found ("Read
   * client/src/App.tsx (84 lines)", "Checks: build ok, 1 behaviour check failed"). Tools never edit:
   * edits are the answer's protocol blocks.
   */
  'tool.called': ToolStep,
  'tool.result': ToolStep,
  /** A build of an approved plan ended: each checklist item as its behaviour check ended (failed, passed, or no check: not built). */
  'plan.checked': z.object({ planRunId: z.string(), items: z.array(ChecklistItem) }),
  /** A plan run's answer: the plan, with questions; the run then ends uncharged (nothing is built until the person approves it). */
  'plan.proposed': Plan,
  'run.failed': RunTotals.extend({ code: z.string(), message: z.string(), refunded: z.boolean() }),
  'run.stopped': RunTotals,
};

export type RunEventPayloads = { [K in keyof typeof RUN_EVENT_PAYLOADS]: z.infer<(typeof RUN_EVENT_PAYLOADS)[K]> };
export type RunEventType = keyof RunEventPayloads;
export const RUN_EVENT_TYPES = Object.keys(RUN_EVENT_PAYLOADS) as RunEventType[];

/**
 * One event of a run, numbered from 1 in the order it happened (`seq` is the SSE `id:`); `RunEvent`
 * alone is the union of every type, discriminated by `type`.
 */
export type RunEvent<T extends RunEventType = RunEventType> = {
  [K in T]: { runId: string; seq: number; type: K; at: string; data: RunEventPayloads[K] };
}[T];

/** The event as one schema, for the OpenAPI document of the SSE route. */
export const RunEventSchema = z
  .discriminatedUnion(
    'type',
    RUN_EVENT_TYPES.map((type) =>
      z.object({ runId: z.string(), seq: z.number().int(), type: z.literal(type), at: z.string(), data: RUN_EVENT_PAYLOADS[type] }),
    ) as unknown as [z.ZodObject, ...z.ZodObject[]],
  )
  .meta({ id: 'RunEvent', description: 'One Server-Sent Event of a run: `id:` is seq, `event:` is type, `data:` is this object as JSON.' });

/** `?after=`: the last seq the client has (a reconnect may send Last-Event-ID instead). */
export const RunEventsQuery = z.strictObject({ after: z.coerce.number().int().min(0).optional() });
