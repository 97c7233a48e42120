// npm run bench:prompt-cache — how much of what Sprout sends a model is a prefix the request before
// already sent: providers cache prompts by prefix (OpenAI by itself, Anthropic at the breakpoints a
// request marks), and a cached token costs a tenth of a fresh one. A five-turn conversation about a
// kanban app with two fix rounds (7 requests), each built by the engine's own buildContext, fix
// prompt and answer writer as a run builds them, beside the same conversation in the order the
// engine used before (system, chat, then files and request in one message).
import { createHash } from 'node:crypto';
import type { ModelMessage, SystemModelMessage } from 'ai';
import {
  buildContext,
  cachedSystem,
  fixPrompt,
  writeAnswer,
  withCachedTail,
  type CheckIssue,
  type ContextInput,
  type EditAction,
  type HistoryTurn,
} from '@sprout/engine';
import { ALLOWED_PACKAGES, starterFiles } from '@sprout/template';
import { generatedProject } from './generated-project';
import { isMain, type Row } from './summary';
import { todaysContext } from './todays-context';

/** One request as the provider receives it. */
interface Request {
  system: SystemModelMessage | string;
  messages: ModelMessage[];
}

interface Turn {
  request: string;
  /** The files the answer writes (whole), and the prose the chat keeps. */
  writes: Record<string, string>;
  prose: string;
  /** A check problem in one of the written files, answered by a fix round that writes `fix`. */
  fix?: { issue: CheckIssue; path: string; content: string };
}

const issue = (file: string, message: string): CheckIssue => ({ source: 'build', file, line: 3, column: 1, message });

/** The conversation: build the app (one fix round), three edits (one more fix round), a question. */
function script(): Turn[] {
  const template = new Map(starterFiles().map((f) => [f.name, f.content]));
  const app = new Map(generatedProject().map((f) => [f.path, f.content]));
  const built = Object.fromEntries([...app].filter(([p, c]) => template.get(p) !== c));
  const header = app.get('client/src/components/layout/Header.tsx')!;
  const card = app.get('client/src/components/board/TaskCard.tsx')!;
  const tagFilter = `import { Badge } from '@/components/ui/badge';\nimport { useBoard } from '@/store/board';\n\nexport function TagFilter() {\n  const tags = useBoard((s) => [...new Set(s.tasks.flatMap((t) => t.tags))]);\n  return <div className="flex gap-1">{tags.map((t) => <Badge key={t}>{t}</Badge>)}</div>;\n}\n`;
  return [
    {
      request: 'Build a Trello-style kanban board for my agency with drag and drop, due dates and tags',
      writes: built,
      prose: 'Here is your kanban board: four columns, drag and drop, due dates and tags.',
      fix: {
        issue: issue('client/src/store/board.ts', "Could not resolve '@/lib/seeds'"),
        path: 'client/src/store/board.ts',
        content: app.get('client/src/store/board.ts')!,
      },
    },
    {
      request: 'In the Header, rename the title "Agency board" to "Studio roadmap".',
      writes: { 'client/src/components/layout/Header.tsx': header.replace('Agency board', 'Studio roadmap') },
      prose: 'Renamed the title.',
    },
    {
      request: 'Add a filter by tag above the board',
      writes: { 'client/src/components/board/TagFilter.tsx': tagFilter.replace("@/components/ui/badge';", "@/components/ui/badges';") },
      prose: 'Added a tag filter above the board.',
      fix: {
        issue: issue('client/src/components/board/TagFilter.tsx', "Could not resolve '@/components/ui/badges'"),
        path: 'client/src/components/board/TagFilter.tsx',
        content: tagFilter,
      },
    },
    {
      request: 'Show the due date in red when a task is overdue',
      writes: { 'client/src/components/board/TaskCard.tsx': card.replace('<CalendarIcon', '<CalendarIcon data-overdue') },
      prose: 'Overdue dates are red now.',
    },
    { request: 'What does the tag filter do?', writes: {}, prose: 'It shows only the tasks with the tag you pick.' },
  ];
}

const answerOf = (writes: Record<string, string>, prose: string): string =>
  writeAnswer({ intro: prose, actions: Object.entries(writes).map(([path, content]): EditAction => ({ type: 'write', path, content })), summary: prose });

/** Every request of the conversation, with the context built by `build` (the engine's, or the order of before). */
function conversation(build: (input: ContextInput) => { system: string; messages: ModelMessage[] }, marks: boolean): Request[] {
  let files = new Map(starterFiles().map((f) => [f.name, f.content]));
  const since = new Map([...files.keys()].map((p) => [p, 1]));
  let version = 1;
  const history: HistoryTurn[] = [];
  const requests: Request[] = [];
  const send = (system: string, messages: ModelMessage[]) =>
    requests.push(marks ? { system: cachedSystem(system), messages: withCachedTail(messages) } : { system, messages: [...messages] });
  for (const turn of script()) {
    const ctx = build({
      files,
      history: [...history],
      request: turn.request,
      images: [],
      vision: false,
      partialEdits: false,
      condensed: false,
      recentlyChanged: [],
      packages: ALLOWED_PACKAGES,
      age: { since, version },
    });
    const messages = [...ctx.messages];
    send(ctx.system, messages);
    const next = new Map(files);
    for (const [p, c] of Object.entries(turn.writes)) next.set(p, c);
    messages.push({ role: 'assistant', content: answerOf(turn.writes, turn.prose) });
    if (turn.fix) {
      messages.push({ role: 'user', content: fixPrompt([turn.fix.issue], next) });
      send(ctx.system, messages);
      next.set(turn.fix.path, turn.fix.content);
    }
    history.push({ role: 'user', content: turn.request }, { role: 'assistant', content: turn.prose });
    if ([...next].some(([p, c]) => files.get(p) !== c)) {
      version++;
      for (const [p, c] of next) if (files.get(p) !== c) since.set(p, version);
      files = next;
    }
  }
  return requests;
}

/** A request as the blocks a provider sees, in order: the system prompt, then every text part. */
function blocksOf(r: Request): { text: string; point: boolean }[] {
  const marked = (o: unknown) => !!(o as { providerOptions?: { anthropic?: unknown } }).providerOptions?.anthropic;
  const blocks = [{ text: typeof r.system === 'string' ? r.system : r.system.content, point: typeof r.system !== 'string' && marked(r.system) }];
  for (const m of r.messages) {
    const parts = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content;
    parts.forEach((p, i) => {
      if (p.type === 'text') blocks.push({ text: `${m.role}:${p.text}`, point: marked(p) || (i === parts.length - 1 && marked(m)) });
    });
  }
  return blocks;
}

const tokens = (chars: number) => Math.ceil(chars / 4);

function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** Share of all input tokens that repeat the previous request's prefix (what prefix caching can serve). */
function repeatedPrefix(requests: Request[]): { share: number; tokens: number } {
  const flat = requests.map((r) =>
    blocksOf(r)
      .map((b) => `${b.text}\u0000`)
      .join(''),
  );
  const total = flat.reduce((n, s) => n + tokens(s.length), 0);
  const repeated = flat.reduce((n, s, i) => n + (i === 0 ? 0 : tokens(commonPrefix(s, flat[i - 1]!))), 0);
  return { share: repeated / total, tokens: total };
}

/**
 * What Anthropic would read from its cache: a prefix is written at each marked block, and a request
 * reads the longest written prefix ending at one of its marked blocks or up to 20 blocks before one.
 */
function anthropicReads(requests: Request[]): number {
  const written = new Set<string>();
  let read = 0;
  let total = 0;
  for (const r of requests) {
    const blocks = blocksOf(r);
    const hashes: string[] = [];
    const ends: number[] = [];
    const h = createHash('sha256');
    let chars = 0;
    for (const b of blocks) {
      h.update(b.text).update('\u0000');
      chars += b.text.length;
      hashes.push(h.copy().digest('hex'));
      ends.push(chars);
    }
    total += tokens(chars);
    let best = 0;
    blocks.forEach((b, i) => {
      if (!b.point) return;
      for (let j = i; j >= Math.max(0, i - 20); j--) if (written.has(hashes[j]!)) best = Math.max(best, ends[j]!);
    });
    read += tokens(best);
    blocks.forEach((b, i) => b.point && written.add(hashes[i]!));
  }
  return read / total;
}

export interface PromptCacheBench {
  requests: number;
  inputTokens: number;
  /** Share of input tokens that repeat the previous request's prefix: Sprout's order, and the order before. */
  repeated: number;
  repeatedBefore: number;
  /** Share Anthropic would read from its cache at the breakpoints Sprout marks (none before). */
  anthropicRead: number;
}

export function runPromptCacheBench(): PromptCacheBench {
  const ours = conversation(buildContext, true);
  const before = conversation(todaysContext, false);
  const r = repeatedPrefix(ours);
  return {
    requests: ours.length,
    inputTokens: r.tokens,
    repeated: r.share,
    repeatedBefore: repeatedPrefix(before).share,
    anthropicRead: anthropicReads(ours),
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

export function promptCacheRows(r: PromptCacheBench): Row[] {
  return [
    {
      measure: `prompt cache: repeated prefix, 5 turns + 2 fix rounds (${r.requests} requests, ${r.inputTokens} tokens)`,
      ours: pct(r.repeated),
      baseline: `${pct(r.repeatedBefore)} (order before)`,
      ratio: `${(r.repeated / r.repeatedBefore).toFixed(2)}×`,
      budget: '≥ 70 %',
      ok: r.repeated >= 0.7,
    },
    { measure: 'prompt cache: read at Anthropic breakpoints', ours: pct(r.anthropicRead), baseline: '0 % (no breakpoints)', ratio: '', budget: '', ok: null },
  ];
}

if (isMain(import.meta.url)) {
  const r = runPromptCacheBench();
  console.log(`\nA five-turn conversation with two fix rounds: ${r.requests} requests, ${r.inputTokens} input tokens`);
  console.log(`  repeated prefix: ${pct(r.repeated)} (goal ≥ 70 %); in the order before: ${pct(r.repeatedBefore)}`);
  console.log(`  read from Anthropic's cache at the marked breakpoints: ${pct(r.anthropicRead)}`);
  if (r.repeated < 0.7) process.exitCode = 1;
}
