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
});
export type TurnExpectation = z.infer<typeof TurnExpectation>;

const FollowUp = z.union([
  z.string().min(1),
  z.strictObject({ prompt: z.string().min(1), expect: TurnExpectation.optional(), withModel: TurnExpectation.optional() }),
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
  followUps: z.array(FollowUp).default([]),
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
  /** The note after `#` on the separator line (documentation only). */
  note?: string;
}

interface Turn {
  prompt: string;
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

/** Splits a `*.txt` case into its JSON header and its replies (`=== reply [turn=N] [finish=length] [status=429] [# note] ===`). */
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
  let current: { attrs: Record<string, string>; note?: string; lines: string[] } | null = null;
  const close = () => {
    if (!current) return;
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
  const turns: Turn[] = [
    { prompt: header.prompt, expect: header.expect, withModel: header.withModel ?? finished, replies: [] },
    ...header.followUps.map((f) =>
      typeof f === 'string'
        ? { prompt: f, expect: finished, withModel: finished, replies: [] }
        : { prompt: f.prompt, expect: f.expect ?? finished, withModel: f.withModel ?? finished, replies: [] },
    ),
  ];
  for (const { turn, ...reply } of replies) {
    const t = turns[turn - 1];
    if (!t) throw new Error(`${name}: a reply for turn ${turn}, but the case has ${turns.length} turn(s)`);
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
