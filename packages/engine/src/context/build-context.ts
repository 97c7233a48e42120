import type { ModelMessage, TextPart, UserContent } from 'ai';
import { starterFiles } from '@sprout/template';
import { CLIENT_PATH } from '../checks/data-checks';
import { exportsOf, uiModules } from './exports';
import { orderFiles } from './file-order';
import { cachePoint } from './prompt-cache';
import { CONDENSE_ABOVE_BYTES, isAssetModule, selectRelevantFiles } from './select-files';
import { buildSystemPrompt } from './system-prompt';
import { DIRECTIONS_INSTRUCTIONS, PLAN_INSTRUCTIONS } from '../plan/plan-prompt';
import { estimateTokensOf } from './tokens';

// A typical vision model's cost of one image, for the estimate only.
const IMAGE_TOKENS = 800;

export interface HistoryTurn {
  role: 'user' | 'assistant';
  content: string;
}

interface ImageInput {
  /** The module the image becomes when the app imports it (see checks/assets.ts). */
  importPath: string;
  mimeType: string;
  data: Uint8Array;
}

export interface ContextInput {
  files: ReadonlyMap<string, string>;
  /** Earlier turns of the chat, oldest first, without the current request. */
  history: HistoryTurn[];
  request: string;
  images: ImageInput[];
  /** Whether the model takes image parts. */
  vision: boolean;
  partialEdits: boolean;
  condensed: boolean;
  /** Paths changed by the last versions (most relevant when condensing). */
  recentlyChanged: string[];
  packages: Readonly<Record<string, string>>;
  /**
   * How old each file's content is: the number of the version it dates from, and the number of the
   * version the run starts from (file-order.ts). Without it every file counts as settled.
   */
  age?: { since: ReadonlyMap<string, number>; version: number };
  /** The names of the secrets the person has set, per dataset (never a value): what functions may read as ctx.env.NAME. */
  secrets?: { test: readonly string[]; live: readonly string[] };
  /** The element the person selected in the preview, described with its code: it opens the turn. */
  focus?: string | null;
  /** plan: the model answers with a plan, not code (plan/plan-prompt.ts); new-plan: the plan of a new project, with design directions. */
  mode?: 'plan' | 'new-plan' | 'build';
  /** The plan the person approved for this app, in words (the latest one): what it should be. */
  approvedPlan?: string | null;
}

export interface BuiltContext {
  system: string;
  messages: ModelMessage[];
  /** Estimated input tokens (chars / 4) of everything sent. */
  tokens: number;
  mode: 'full' | 'condensed';
  /** Files sent in full. */
  included: string[];
  /** A plan for a new project (mode new-plan): it offers design directions. */
  newProject?: boolean;
}

/** How many earlier messages go along at least (run-context.ts moves the window in steps of this), at most, and how much of each. */
export const HISTORY_MESSAGES = 10;
const MAX_HISTORY_MESSAGES = 2 * HISTORY_MESSAGES - 1;
const HISTORY_CHARS = 4000;

/** The first words of the files section (the offline builder reads the files after them). */
export const FILES_HEADER = "The project's current files. Files changed recently come after the chat, with the latest message.";
const CONDENSED_HEADER =
  'The project is large, so it is shown condensed: some files in full here, and a map of all files with the latest message. ' +
  'Do not rewrite a file you have not seen in full; if you need one, say which and the person can ask again.';
const RECENT_HEADER = 'Files changed recently, as they are now:';

const fileBlock = (path: string, content: string) => `<file path="${path}">\n${content.endsWith('\n') ? content : `${content}\n`}</file>`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

let templateClient: string | undefined;

/**
 * The app backend client as the template has it: the system prompt teaches its API, so its ~2,500 tokens
 * are not sent with every request. A client the project changed is shown like any file.
 */
function isStockClient(files: ReadonlyMap<string, string>, path: string): boolean {
  templateClient ??= starterFiles().find((f) => f.name === CLIENT_PATH)?.content;
  return path === CLIENT_PATH && files.get(path) === templateClient;
}

/** One file as its own part (marked, so the offline builder can read it back without parsing prose). */
const filePart = (files: ReadonlyMap<string, string>, path: string): TextPart => ({
  type: 'text',
  text: fileBlock(path, files.get(path)!),
  providerOptions: { sprout: { file: path } },
});

/** The stable part (template files, then settled ones, each ending a cached prefix) and what goes with the request. */
function filesSections(input: ContextInput) {
  const { files } = input;
  const total = [...files.values()].reduce((n, c) => n + c.length, 0);
  const assets = [...files].filter(([, c]) => isAssetModule(c)).map(([p]) => p);
  const notes = [
    assets.length ? `Image modules (default export is the image URL; not shown): ${assets.join(', ')}` : '',
    isStockClient(files, CLIENT_PATH) ? `${CLIENT_PATH}: the app backend client described in the system prompt (not shown).` : '',
  ].filter(Boolean);
  const condensed = input.condensed && total > CONDENSE_ABOVE_BYTES;
  const included = condensed
    ? selectRelevantFiles(files, { request: input.request, recentlyChanged: input.recentlyChanged }).filter((p) => !isStockClient(files, p))
    : [...files.keys()].filter((p) => !assets.includes(p) && !isStockClient(files, p));
  const order = orderFiles(included, files, input.age);
  const endsPrefix = (parts: TextPart[]) => parts.map((p, i) => (i === parts.length - 1 ? cachePoint(p) : p));
  const stable: TextPart[] = [
    { type: 'text', text: condensed ? CONDENSED_HEADER : FILES_HEADER },
    ...endsPrefix(order.reference.map((p) => filePart(files, p))),
    ...endsPrefix(order.settled.map((p) => filePart(files, p))),
  ];
  const latest: TextPart[] = order.recent.length ? [{ type: 'text', text: RECENT_HEADER }, ...order.recent.map((p) => filePart(files, p))] : [];
  if (condensed) {
    const map = [...files.keys()]
      .sort()
      .map((p) => {
        const c = files.get(p)!;
        const ex = isAssetModule(c) ? 'image' : exportsOf(c, p).join(', ');
        return `- ${p} (${kb(c.length)})${ex ? `: ${ex}` : ''}${included.includes(p) ? ' [shown in full]' : ''}`;
      })
      .join('\n');
    latest.push({ type: 'text', text: `Map of all files (path, size, exports):\n${map}` });
  }
  if (notes.length) latest.push({ type: 'text', text: notes.join('\n') });
  return { mode: condensed ? ('condensed' as const) : ('full' as const), included, stable, latest };
}

/**
 * Everything the model gets for one request, stable first so providers' prompt caches hit: the
 * system prompt, the template's files, the project's settled files (file-order.ts), the recent chat,
 * then the turn itself — files changed recently, any attached images, and the request as the last
 * text part (the offline builder reads it there). The files open the first user message, so turns
 * still alternate and start with the person.
 */
export function buildContext(input: ContextInput): BuiltContext {
  const built = buildSystemPrompt({ partialEdits: input.partialEdits, ui: uiModules(input.files), packages: input.packages });
  const planned = input.mode === 'new-plan' ? `${PLAN_INSTRUCTIONS}\n\n${DIRECTIONS_INSTRUCTIONS}` : PLAN_INSTRUCTIONS;
  const system = input.mode === 'plan' || input.mode === 'new-plan' ? `${built}\n\n${planned}` : built;
  const history: ModelMessage[] = input.history.slice(-MAX_HISTORY_MESSAGES).map((t) => ({
    role: t.role,
    content: t.content.length > HISTORY_CHARS ? `${t.content.slice(0, HISTORY_CHARS)}\n[…]` : t.content || '(no text)',
  }));
  // Providers require turns to alternate and start with the person; drop a leading assistant turn.
  while (history[0]?.role === 'assistant') history.shift();
  const files = filesSections(input);
  const turn: Exclude<UserContent, string> = [...files.latest];
  if (input.approvedPlan)
    turn.push({ type: 'text', text: `The plan the person approved for this app (keep to it unless they ask otherwise):\n${input.approvedPlan}` });
  if (input.images.length) {
    const list = input.images.map((i) => `\`${i.importPath}\``).join(', ');
    turn.push({
      type: 'text',
      text:
        `The person attached ${input.images.length === 1 ? 'an image' : `${input.images.length} images`}` +
        `${input.vision ? ' (shown below)' : ''}. To show one in the app, import it: ` +
        `\`import photo from '${input.images[0]!.importPath}'\` then \`<img src={photo} />\` (available: ${list}). ` +
        'Only import an image when the person wants it in the app; otherwise use it as a reference.',
    });
    if (input.vision) for (const img of input.images) turn.push({ type: 'image', image: img.data, mediaType: img.mimeType });
  }
  const secrets = secretsNote(input.secrets);
  if (secrets) turn.push({ type: 'text', text: secrets });
  turn.push({ type: 'text', text: input.request });
  // The selected element opens the person's latest message, whatever else it holds: the request is
  // about it. (With no earlier turn that message also holds the files, whose cached prefix it then
  // gives up for this one request.)
  const focus: TextPart[] = input.focus ? [{ type: 'text', text: input.focus }] : [];
  const messages: ModelMessage[] = history.length
    ? [
        { role: 'user', content: [...files.stable, { type: 'text', text: String(history[0]!.content) }] },
        ...history.slice(1),
        { role: 'user', content: [...focus, ...turn] },
      ]
    : [{ role: 'user', content: [...focus, ...files.stable, ...turn] }];
  const chars = system.length + messages.reduce((n, m) => n + textLength(m), 0);
  return {
    system,
    messages,
    tokens: estimateTokensOf(chars) + input.images.length * IMAGE_TOKENS,
    mode: files.mode,
    included: files.included,
    ...(input.mode === 'new-plan' ? { newProject: true } : {}),
  };
}

/** Which secrets exist, by name only, so functions read the names the person set (and the run asks for the rest). */
function secretsNote(secrets: ContextInput['secrets']): string | null {
  if (!secrets || (secrets.test.length === 0 && secrets.live.length === 0)) return null;
  const names = (list: readonly string[]) => (list.length ? list.join(', ') : 'none');
  return `Secrets the person has set (names only; functions read them as ctx.env.NAME): test (the preview): ${names(secrets.test)}; live (the published app): ${names(secrets.live)}.`;
}

function textLength(m: ModelMessage): number {
  if (typeof m.content === 'string') return m.content.length;
  return m.content.reduce((n, p) => n + (p.type === 'text' ? p.text.length : 0), 0);
}
