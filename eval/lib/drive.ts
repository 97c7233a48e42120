// Drives cases through the real product: one throwaway API (PGlite in memory, listening on
// 127.0.0.1) per suite run, one staff person (unlimited messages, may send developer flags), a new
// project per case, every message and its run's events over real HTTP, as the web app does.
import { createTestApp, type TestApp } from '@sprout/api/testing';
import type { Plan, ProjectFiles, Sprout, Usage, VersionList } from '@sprout/core/contract';
import { FakeModelServer } from '@sprout/engine/testing';
import { ApiClient, followRun, type ReceivedRunEvent, type TestAccount } from '@sprout/testkit';
import type { ObservedCase, ObservedTurn } from './judge-case';
import { runFacts } from './run-facts';
import { resolveAnswers } from './plan';
import type { EvalCase } from './suite';

/** The model name `replay` stands for: the case's recorded replies, served by a fake OpenAI-compatible server. */
export const REPLAY = 'replay';

/** The label of the same recording served as a model that supports tool calls (`?tools`): a case with `"tools": true` runs on it. */
const REPLAY_WITH_TOOLS = 'replay-tools';

const PERSON = 'eval-runner@example.com';

// What a real model run needs from the shell (keys, base URLs), and the render check's settings.
const PASS_THROUGH = [
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_BASE_URL',
  'OPENAI_COMPATIBLE_API_KEY',
  'OPENAI_COMPATIBLE_BASE_URL',
  'MODEL_MAX_RETRIES',
  'RENDER_CHECK',
  'CHROMIUM_PATH',
  'RENDER_CHECK_CONCURRENCY',
  'RENDER_CHECK_SETTLE_MS',
  'RENDER_CHECK_TIMEOUT_MS',
];

export interface Instance {
  model: string;
  t: TestApp;
  api: ApiClient;
  /** The fake provider serving recorded replies (replay only). */
  fake: FakeModelServer | null;
  token(): Promise<string>;
  close(): Promise<void>;
}

/** The throwaway API for one suite run: `replay`, or a model spec (`offline`, `openai:gpt-4.1`, …). */
export async function startInstance(model: string): Promise<Instance> {
  const fake = model === REPLAY ? await FakeModelServer.start('openai') : null;
  const env: Record<string, string> = { LOG_LEVEL: 'warn', STAFF_EMAILS: PERSON, RENDER_CHECK: 'on' };
  for (const name of PASS_THROUGH) if (process.env[name]) env[name] = process.env[name]!;
  if (fake)
    Object.assign(env, {
      SPROUT_MODEL: `openai-compatible:${fake.url}#recorded`,
      SPROUT_MODELS: `${REPLAY_WITH_TOOLS}=openai-compatible:${fake.url}#recorded?tools`,
      MODEL_MAX_RETRIES: '0',
    });
  else env.SPROUT_MODEL = model;
  let t: TestApp;
  try {
    t = await createTestApp(env);
  } catch (err) {
    await fake?.close();
    throw err;
  }
  const api = new ApiClient(await t.listen());
  let account: TestAccount = await api.register({ email: PERSON, displayName: 'Eval runner' });
  let signedInAt = Date.now();
  return {
    model,
    t,
    api,
    fake,
    // ID tokens live an hour at most: a long suite against a real model signs in again.
    async token() {
      if (Date.now() - signedInAt > 45 * 60_000) {
        account = await api.login(PERSON);
        signedInAt = Date.now();
      }
      return account.idToken;
    },
    async close() {
      await t.close();
      await fake?.close();
    },
  };
}

/** Serves every recorded reply a run did not ask for, so the next case starts with an empty queue. */
async function drain(fake: FakeModelServer): Promise<void> {
  while (fake.pending > 0) {
    const res = await fetch(`${fake.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'drain', stream: true, messages: [] }),
    });
    await res.text();
  }
}

/** A run's events until its terminal event, or an error when it takes longer than `ms` (the run is then stopped). */
async function follow(inst: Instance, token: string, runId: string, ms: number): Promise<ReceivedRunEvent[]> {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort.abort();
      reject(new Error(`the run did not end within ${Math.round(ms / 1000)} s`));
    }, ms);
  });
  try {
    return (await Promise.race([followRun(inst.api.url, token, runId, { signal: abort.signal }), timeout])).events;
  } catch (err) {
    await inst.api.call('POST', `/build/v1/runs/${runId}/stop`, { token }).catch(() => undefined);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

async function filesOf(inst: Instance, token: string, sproutId: string): Promise<Record<string, string> | null> {
  const res = await inst.api.call<ProjectFiles>('GET', `/build/v1/sprouts/${sproutId}/files`, { token });
  return res.status === 200 ? Object.fromEntries(res.json.files.map((f) => [f.path, f.content])) : null;
}

/**
 * Messages counted against the person's allowance this month (GET /usage), or null when it cannot be
 * read. The month's count, not the day's: a turn that runs across midnight would seem to give some back.
 */
async function messagesUsed(inst: Instance, token: string): Promise<number | null> {
  const res = await inst.api.call<Usage>('GET', '/usage', { token });
  return res.status === 200 ? res.json.monthlyMessages.used : null;
}

type Sent = { runId: string; code?: string; message?: string };

/** Sends a turn: a message (a plan request with `mode: 'plan'`), or Build on the plan an earlier turn proposed. */
async function sendTurn(
  inst: Instance,
  token: string,
  sproutId: string,
  c: EvalCase,
  i: number,
  turns: readonly ObservedTurn[],
  observed: ObservedTurn,
  strictAnswers: boolean,
) {
  const turn = c.turns[i]!;
  if (turn.kind !== 'approve') {
    // A recording that calls tools is served as the model that supports them (staff may choose a model per message).
    const flags = { ...c.header.flags, ...(c.header.tools && inst.fake ? { aiModelOverride: REPLAY_WITH_TOOLS } : {}) };
    const body = { text: turn.prompt, ...(turn.kind === 'plan' ? { mode: 'plan' } : {}), ...(Object.keys(flags).length ? { flags } : {}) };
    return inst.api.call<Sent>('POST', `/build/v1/sprouts/${sproutId}/messages`, { token, body });
  }
  const { planTurn, answers, notes } = turn.approve!;
  const planned = turns[planTurn]?.facts;
  if (!planned?.plan || !planned.runId) throw new Error(`turn ${planTurn + 1} proposed no plan to build`);
  // The case's own model asks the questions the case names; another model's may not: its missing ones are left out.
  const { answers: resolved, skipped } = resolveAnswers(planned.plan as Plan, answers, !strictAnswers);
  observed.approved = { planRunId: planned.runId, answers: resolved, notes: notes ?? null, ...(skipped.length ? { skipped } : {}) };
  const body = { runId: planned.runId, answers: resolved, ...(notes ? { notes } : {}) };
  return inst.api.call<Sent>('POST', `/build/v1/sprouts/${sproutId}/plan/approve`, { token, body });
}

export interface DriveOptions {
  /** Serve the case's recorded replies (replay); otherwise the instance's model answers. */
  recorded: boolean;
  /** The suite's own model answers (the recording, or the offline builder): a plan's questions are the ones the case names. */
  ownModel: boolean;
  turnTimeoutMs: number;
}

/** Sends a case's prompt and follow-ups to a new project and collects what happened. */
export async function driveCase(inst: Instance, c: EvalCase, run: number, o: DriveOptions): Promise<ObservedCase> {
  const started = Date.now();
  const token = await inst.token();
  const created = await inst.api.call<Sprout>('POST', '/v1/sprouts', { token, body: {} });
  if (created.status !== 201) throw new Error(`could not create a project: ${created.status} ${JSON.stringify(created.json)}`);
  const sproutId = created.json.id;
  const turns: ObservedTurn[] = [];
  for (const [i, turn] of c.turns.entries()) {
    const fake = o.recorded ? inst.fake : null;
    if (fake) {
      await drain(fake);
      fake.reply(
        ...turn.replies.map((r) =>
          r.status
            ? { status: r.status, error: r.text.trim() }
            : r.toolCalls
              ? { text: r.text, toolCalls: r.toolCalls }
              : { text: r.text, ...(r.finish ? { finish: r.finish } : {}) },
        ),
      );
    }
    const requestsBefore = fake?.requests.length ?? 0;
    const usedBefore = await messagesUsed(inst, token);
    const sentAt = Date.now();
    const observed: ObservedTurn = {
      prompt: turn.prompt,
      kind: turn.kind,
      charged: null,
      facts: runFacts([]),
      sentAt,
      files: null,
      unusedReplies: 0,
      missingReplies: 0,
    };
    turns.push(observed);
    let sent: Awaited<ReturnType<typeof sendTurn>>;
    try {
      sent = await sendTurn(inst, token, sproutId, c, i, turns, observed, o.ownModel);
    } catch (err) {
      observed.error = `could not build the plan: ${(err as Error).message}`;
      break;
    }
    if (sent.status !== 202) {
      const what = turn.kind === 'approve' ? 'Build on the plan' : turn.kind === 'plan' ? 'the plan request' : 'the message';
      observed.error = `${what} was refused: ${sent.status} ${sent.json?.code ?? ''} ${sent.json?.message ?? ''}`.trim();
      break;
    }
    try {
      observed.facts = runFacts(await follow(inst, token, sent.json.runId, o.turnTimeoutMs));
    } catch (err) {
      observed.error = (err as Error).message;
    }
    if (fake) {
      const used = fake.requests.length - requestsBefore;
      observed.missingReplies = Math.max(0, used - turn.replies.length);
      observed.unusedReplies = fake.pending;
    }
    observed.files = await filesOf(inst, token, sproutId);
    // The run gives a message back (or charges none) before its terminal event, so the count is final here.
    const usedAfter = await messagesUsed(inst, token);
    observed.charged = usedBefore === null || usedAfter === null ? null : usedAfter - usedBefore;
    if (observed.error) break;
  }
  if (inst.fake) await drain(inst.fake);
  const versions = await inst.api.call<VersionList>('GET', `/build/v1/sprouts/${sproutId}/versions`, { token });
  const currentVersionId = versions.status === 200 ? versions.json.currentVersionId : null;
  let buildOk: boolean | null = null;
  if (currentVersionId) {
    const build = await inst.api.call<{ ok: boolean }>('GET', `/build/v1/sprouts/${sproutId}/build?versionId=${currentVersionId}`, { token });
    buildOk = build.status === 200 ? build.json.ok : null;
  }
  return { run, turns, final: { currentVersionId, buildOk }, durationMs: Date.now() - started };
}
