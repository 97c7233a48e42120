// A suite is a folder: `suite.json` (its name, default model and the --short subset) and one file per
// case. `*.json` holds a case's header only (prompts and expectations: the offline suite); `*.txt`
// holds a header, then the model's recorded replies in order (the replay suite). eval/README.md
// describes the format.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ReplyExpectation } from './reply';

/** What a turn must end as: `finished`, `failed:<code>` or `stopped`. */
const Ending = z.string().regex(/^(?:finished|stopped|failed:[a-z_]+)$/, 'finished, stopped or failed:<code>');

const FileExpectation = z.strictObject({
  path: z.string().min(1),
  /** The file exists and contains this text. */
  contains: z.string().optional(),
  /** The file does not contain this text (or does not exist). */
  notContains: z.string().optional(),
  /** The file does not exist. */
  absent: z.literal(true).optional(),
});
type FileExpectation = z.infer<typeof FileExpectation>;

/** What a plan turn's plan must say (the `plan.proposed` event). */
export const PlanExpectation = z.strictObject({
  /** How many questions it asks (a plan asks at most three). */
  questions: z.strictObject({ min: z.number().int().min(0).optional(), max: z.number().int().min(0).optional() }).optional(),
  /** Question ids it asks (among others). */
  questionIds: z.array(z.string().min(1)).optional(),
  /** Field names some collection of its data has, case-insensitive; `Notes` also matches `Notes (new)`. */
  dataFields: z.array(z.string().min(1)).optional(),
  /** true: it asks the `instead` question (what to build instead of what it cannot), with options; false: it does not. */
  instead: z.boolean().optional(),
  /** Texts its summary contains, or does not (case-insensitive). */
  summaryContains: z.array(z.string().min(1)).optional(),
  summaryNotContains: z.array(z.string().min(1)).optional(),
  /** How many screens it lists. */
  screens: z.strictObject({ min: z.number().int().min(0).optional(), max: z.number().int().min(0).optional() }).optional(),
  /** Whether it offers design directions (a new project's plan does). */
  directions: z.boolean().optional(),
});
export type PlanExpectation = z.infer<typeof PlanExpectation>;

export const TurnExpectation = z.strictObject({
  ending: Ending.default('finished'),
  /** Fix rounds the run should take (the recorded replies are written for exactly this many). */
  fixRounds: z.number().int().min(0).max(2).optional(),
  /** Whether the run makes a version (default: yes when it finishes). */
  version: z.boolean().optional(),
  /** What the project's files hold after the turn. */
  files: z.array(FileExpectation).optional(),
  /** What the reply says (its first sentence, or anywhere). */
  reply: ReplyExpectation.optional(),
  /** A plan turn's plan. */
  plan: PlanExpectation.optional(),
  /** Tool calls by tool the run should make (`{ "read_file": 1, "run_checks": 2 }`), judged only against the recording, as fixRounds. */
  toolCalls: z.record(z.string().regex(/^[a-z_]+$/), z.number().int().min(0).max(50)).optional(),
  /** Texts the tool steps say, in this order (each in a later step than the one before): `"Checks: build failed"`; judged only against the recording. */
  toolSteps: z.array(z.string().min(1)).optional(),
  /** Messages the turn counts against the person's allowance (GET /usage before and after it); a plan turn's default is 0. */
  charged: z.number().int().min(0).max(5).optional(),
});
export type TurnExpectation = z.infer<typeof TurnExpectation>;

/** A plan answer picked by option index (options are generated) or given as text. */
const Answer = z.union([z.number().int().min(0).max(9), z.string().trim().min(1).max(300)]);

/** Build pressed on the latest plan turn's plan: the answers picked (question id → option index or text) and the person's changes. */
const Approve = z.strictObject({
  answers: z.record(z.string().regex(/^[a-z0-9-]{1,40}$/), Answer).default({}),
  notes: z.string().trim().min(1).max(2000).optional(),
});
type Approve = z.infer<typeof Approve>;

/** `plan`: the turn asks for a plan (`mode: 'plan'`), not a build. */
const Mode = z.enum(['build', 'plan']);

const FollowUp = z.union([
  z.string().min(1),
  z
    .strictObject({
      prompt: z.string().min(1).max(2000).optional(),
      mode: Mode.optional(),
      approve: Approve.optional(),
      expect: TurnExpectation.optional(),
      withModel: TurnExpectation.optional(),
    })
    .refine((f) => (f.prompt === undefined) !== (f.approve === undefined), 'a follow-up has either a prompt or approve')
    .refine((f) => !(f.approve && f.mode), 'an approve turn has no mode'),
]);

/** What can only be judged when the server runs it: `render` (the render check) or `behaviour` (checks/*.json). */
export const Need = z.enum(['render', 'behaviour']);
export type Need = z.infer<typeof Need>;

const CaseHeader = z.strictObject({
  title: z.string().min(1),
  /** The kind of defect the recording carries (`none` for a clean answer): groups the per-case list. */
  defect: z.string().min(1).default('none'),
  /** Why the case exists / what it shows, in a sentence or two. */
  notes: z.string().optional(),
  prompt: z.string().min(1).max(2000),
  /** `plan`: the first prompt asks for a plan. */
  mode: Mode.optional(),
  followUps: z.array(FollowUp).default([]),
  /**
   * The model uses tools (replay: the recording is served as a model that supports tool calls, and its
   * replies may call tools; a real model gets tools when it supports them, with or without this).
   */
  tools: z.literal(true).optional(),
  /** Developer flags sent with every message (the eval's person is staff, so it may). */
  flags: z.record(z.string(), z.union([z.boolean(), z.string()])).optional(),
  expect: TurnExpectation.default({ ending: 'finished' }),
  /** `all`: every behaviour check of the final project must pass (judged when the server ran them). */
  expectChecks: z.literal('all').optional(),
  /** The checks this case's expectations depend on: when one did not run, a mismatch is "not judged", not a failure. */
  needs: z.array(Need).default([]),
  /** The first turn's expectation with a real model (`--model`), instead of `expect`; default: finished. */
  withModel: TurnExpectation.optional(),
});
type CaseHeader = z.infer<typeof CaseHeader>;

export interface Reply {
  /** The answer's text, streamed in chunks; or an HTTP error of the provider. */
  text: string;
  finish?: 'length';
  status?: number;
  /** The tools the model calls after its text (`=== call <name> ===` blocks after the reply); it then gets their results in its next request. */
  toolCalls?: { name: string; input: Record<string, unknown> }[];
  /** The note after `#` on the separator line (documentation only). */
  note?: string;
}

export interface Turn {
  /** The message; for an approve turn, a description ("Build the plan of turn 1"). */
  prompt: string;
  /** `plan`: a plan request; `approve`: Build pressed on the plan of turn `approve.planTurn` (0-based). */
  kind: 'build' | 'plan' | 'approve';
  approve?: Approve & { planTurn: number };
  expect: TurnExpectation;
  withModel: TurnExpectation;
  /** The replies recorded for this turn's requests, in order (replay only). */
  replies: Reply[];
}

export interface EvalCase {
  /** The file name without its extension. */
  name: string;
  file: string;
  header: CaseHeader;
  turns: Turn[];
}

const Suite = z.strictObject({
  name: z.string().min(1),
  description: z.string().optional(),
  /** The model a run uses unless --model says otherwise: `replay` (the recorded replies) or a model spec (`offline`). */
  model: z.string().min(1),
  /** The --short subset (CI): case names. */
  short: z.array(z.string().min(1)).min(1),
});
type Suite = z.infer<typeof Suite>;

export interface LoadedSuite extends Suite {
  dir: string;
  cases: EvalCase[];
}

const SEPARATOR = /^=== reply(?<attrs>(?: [^#]*?)?)(?: # (?<note>.*?))? ===$/;
/** A tool call of the reply above it: `=== call read_file ===`, then its input as a JSON object (none: `{}`). */
const CALL = /^=== call (?<tool>[a-z_]+)(?: # (?<note>.*?))? ===$/;

/**
 * Splits a `*.txt` case into its JSON header and its replies (`=== reply [turn=N] [finish=length]
 * [status=429] [# note] ===`), each with the tool calls recorded after it (`=== call <name> ===`).
 */
export function parseCaseText(text: string, name: string): { header: unknown; replies: (Reply & { turn: number })[] } {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const first = lines.findIndex((l) => SEPARATOR.test(l));
  if (first === -1) throw new Error(`${name}: no "=== reply ===" line`);
  let header: unknown;
  try {
    header = JSON.parse(lines.slice(0, first).join('\n'));
  } catch (err) {
    throw new Error(`${name}: the header is not JSON: ${(err as Error).message}`);
  }
  const replies: (Reply & { turn: number })[] = [];
  let current: { attrs: Record<string, string>; note?: string; lines: string[] } | { tool: string; lines: string[] } | null = null;
  const closeCall = (tool: string, body: string[]) => {
    const reply = replies.at(-1)!;
    if (reply.status || reply.finish) throw new Error(`${name}: a ${tool} call after a reply that ${reply.status ? 'is an error' : 'was cut off'}`);
    let input: unknown;
    try {
      input = JSON.parse(body.join('\n').trim() || '{}');
    } catch (err) {
      throw new Error(`${name}: the input of a ${tool} call is not JSON: ${(err as Error).message}`);
    }
    if (!input || typeof input !== 'object' || Array.isArray(input)) throw new Error(`${name}: the input of a ${tool} call is not a JSON object`);
    // A reply that only calls tools has no text.
    if (!reply.toolCalls && reply.text === '\n') reply.text = '';
    (reply.toolCalls ??= []).push({ name: tool, input: input as Record<string, unknown> });
  };
  const close = () => {
    if (!current) return;
    if ('tool' in current) return closeCall(current.tool, current.lines);
    const { attrs, note, lines: body } = current;
    for (const key of Object.keys(attrs)) if (!['turn', 'finish', 'status'].includes(key)) throw new Error(`${name}: unknown reply attribute "${key}"`);
    // The separator line ends the reply's last line; a cut-off reply ends exactly where it was cut.
    while (body.length && body.at(-1) === '' && attrs.finish !== 'length') body.pop();
    const raw = body.join('\n');
    const reply: Reply & { turn: number } = { turn: Number(attrs.turn ?? 1), text: attrs.finish === 'length' ? raw : `${raw}\n` };
    if (attrs.finish) {
      if (attrs.finish !== 'length') throw new Error(`${name}: finish must be "length"`);
      reply.finish = 'length';
    }
    if (attrs.status) reply.status = Number(attrs.status);
    if (note) reply.note = note;
    if (!Number.isInteger(reply.turn) || reply.turn < 1) throw new Error(`${name}: turn must be a number from 1`);
    replies.push(reply);
  };
  for (const line of lines.slice(first)) {
    const call = CALL.exec(line);
    if (call) {
      close();
      current = { tool: call.groups!.tool!, lines: [] };
      continue;
    }
    const m = SEPARATOR.exec(line);
    if (!m) {
      current!.lines.push(line);
      continue;
    }
    close();
    const attrs = Object.fromEntries(
      (m.groups!.attrs ?? '')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map((kv) => {
          const eq = kv.indexOf('=');
          if (eq < 1) throw new Error(`${name}: "${kv}" is not key=value`);
          return [kv.slice(0, eq), kv.slice(eq + 1)];
        }),
    );
    current = { attrs, note: m.groups!.note, lines: [] };
  }
  close();
  return { header, replies };
}

/** A case from its file's text: `.json` (header only) or `.txt` (header and replies). */
export function parseCase(file: string, text: string): EvalCase {
  const name = path.basename(file).replace(/\.(?:json|txt)$/, '');
  const { header: raw, replies } = file.endsWith('.txt') ? parseCaseText(text, name) : { header: JSON.parse(text) as unknown, replies: [] };
  const parsed = CaseHeader.safeParse(raw);
  if (!parsed.success) {
    const i = parsed.error.issues[0]!;
    throw new Error(`${name}: ${i.path.join('.') || 'header'}: ${i.message}`);
  }
  const header = parsed.data;
  const finished = TurnExpectation.parse({ ending: 'finished' });
  const turns: Turn[] = [];
  const add = (kind: 'build' | 'plan', prompt: string, expect?: TurnExpectation, withModel?: TurnExpectation) =>
    turns.push({ prompt, kind, expect: expect ?? finished, withModel: withModel ?? finished, replies: [] });
  add(header.mode ?? 'build', header.prompt, header.expect, header.withModel);
  for (const f of header.followUps) {
    if (typeof f === 'string') add('build', f);
    else if (f.approve) {
      const planTurn = turns.findLastIndex((t) => t.kind === 'plan');
      if (planTurn === -1) throw new Error(`${name}: turn ${turns.length + 1} approves a plan, but no turn before it is a plan turn`);
      turns.push({
        prompt: `Build the plan of turn ${planTurn + 1}`,
        kind: 'approve',
        approve: { ...f.approve, planTurn },
        expect: f.expect ?? finished,
        withModel: f.withModel ?? finished,
        replies: [],
      });
    } else add(f.mode ?? 'build', f.prompt!, f.expect, f.withModel);
  }
  for (const [i, t] of turns.entries()) {
    if (t.kind !== 'plan' && (t.expect.plan || t.withModel.plan))
      throw new Error(`${name}: turn ${i + 1} expects a plan, but it is not a plan turn ("mode": "plan")`);
  }
  for (const { turn, ...reply } of replies) {
    const t = turns[turn - 1];
    if (!t) throw new Error(`${name}: a reply for turn ${turn}, but the case has ${turns.length} turn(s)`);
    if (reply.toolCalls && !header.tools) throw new Error(`${name}: a reply calls ${reply.toolCalls[0]!.name}, but the header does not say "tools": true`);
    if (reply.toolCalls && t.kind !== 'build')
      throw new Error(`${name}: a reply of turn ${turn} calls tools, but only a message's run has tools (not a plan or a Build)`);
    t.replies.push(reply);
  }
  return { name, file, header, turns };
}

/** Reads a suite folder. */
export function loadSuite(dir: string): LoadedSuite {
  const suite = Suite.parse(JSON.parse(readFileSync(path.join(dir, 'suite.json'), 'utf8')));
  const files = readdirSync(dir)
    .filter((f) => f !== 'suite.json' && /\.(?:json|txt)$/.test(f))
    .sort();
  const cases = files.map((f) => parseCase(path.join(dir, f), readFileSync(path.join(dir, f), 'utf8')));
  const names = new Set(cases.map((c) => c.name));
  for (const s of suite.short) if (!names.has(s)) throw new Error(`${dir}/suite.json: the short subset names "${s}", which is not a case`);
  return { ...suite, dir, cases };
}
