import type { ModelMessage, UserContent } from 'ai';
import { starterFiles } from '@sprout/template';
import { CLIENT_PATH } from '../checks/data-checks';
import { exportsOf, uiModules } from './exports';
import { CONDENSE_ABOVE_BYTES, isAssetModule, selectRelevantFiles } from './select-files';
import { buildSystemPrompt } from './system-prompt';
import { estimateTokensOf } from './tokens';

// A typical vision model's cost of one image, for the estimate only.
const IMAGE_TOKENS = 800;

export interface HistoryTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface ImageInput {
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
}

export interface BuiltContext {
  system: string;
  messages: ModelMessage[];
  /** Estimated input tokens (chars / 4) of everything sent. */
  tokens: number;
  mode: 'full' | 'condensed';
  /** Files sent in full. */
  included: string[];
}

/** How many earlier messages go along, and how much of each. */
export const HISTORY_MESSAGES = 10;
const HISTORY_CHARS = 4000;

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

function filesSection(files: ReadonlyMap<string, string>, condensed: boolean, request: string, recentlyChanged: string[]) {
  const total = [...files.values()].reduce((n, c) => n + c.length, 0);
  const assets = [...files].filter(([, c]) => isAssetModule(c)).map(([p]) => p);
  const assetNote = assets.length ? `\nImage modules (default export is the image URL; not shown): ${assets.join(', ')}` : '';
  const clientNote = isStockClient(files, CLIENT_PATH) ? `\n${CLIENT_PATH}: the app backend client described in the system prompt (not shown).` : '';
  if (!condensed || total <= CONDENSE_ABOVE_BYTES) {
    const shown = [...files.keys()].filter((p) => !assets.includes(p) && !isStockClient(files, p)).sort();
    return {
      mode: 'full' as const,
      included: shown,
      text: `The project's current files:\n\n${shown.map((p) => fileBlock(p, files.get(p)!)).join('\n\n')}${assetNote}${clientNote}`,
    };
  }
  const included = selectRelevantFiles(files, { request, recentlyChanged }).filter((p) => !isStockClient(files, p));
  const map = [...files.keys()]
    .sort()
    .map((p) => {
      const c = files.get(p)!;
      const ex = isAssetModule(c) ? 'image' : exportsOf(c).join(', ');
      return `- ${p} (${kb(c.length)})${ex ? `: ${ex}` : ''}${included.includes(p) ? ' [shown below]' : ''}`;
    })
    .join('\n');
  return {
    mode: 'condensed' as const,
    included,
    text:
      `The project is large, so it is shown condensed. Map of all files (path, size, exports):\n${map}\n\n` +
      `Only the files marked [shown below] are shown in full. Do not rewrite a file you have not seen in full; ` +
      `if you need one, say which and the person can ask again.\n\n${included.map((p) => fileBlock(p, files.get(p)!)).join('\n\n')}`,
  };
}

/**
 * Everything the model gets for one request: the system prompt, the recent chat, the project's files
 * (all, or a condensed map plus the relevant ones), then the request itself as the last text part
 * (the offline builder reads it there) with any attached images.
 */
export function buildContext(input: ContextInput): BuiltContext {
  const system = buildSystemPrompt({ partialEdits: input.partialEdits, ui: uiModules(input.files), packages: input.packages });
  const history: ModelMessage[] = input.history.slice(-HISTORY_MESSAGES).map((t) => ({
    role: t.role,
    content: t.content.length > HISTORY_CHARS ? `${t.content.slice(0, HISTORY_CHARS)}\n[…]` : t.content || '(no text)',
  }));
  // Providers require turns to alternate and start with the person; drop a leading assistant turn.
  while (history[0]?.role === 'assistant') history.shift();
  const files = filesSection(input.files, input.condensed, input.request, input.recentlyChanged);
  const parts: Exclude<UserContent, string> = [{ type: 'text', text: files.text }];
  if (input.images.length) {
    const list = input.images.map((i) => `\`${i.importPath}\``).join(', ');
    parts.push({
      type: 'text',
      text:
        `The person attached ${input.images.length === 1 ? 'an image' : `${input.images.length} images`}` +
        `${input.vision ? ' (shown below)' : ''}. To show one in the app, import it: ` +
        `\`import photo from '${input.images[0]!.importPath}'\` then \`<img src={photo} />\` (available: ${list}). ` +
        'Only import an image when the person wants it in the app; otherwise use it as a reference.',
    });
    if (input.vision) for (const img of input.images) parts.push({ type: 'image', image: img.data, mediaType: img.mimeType });
  }
  parts.push({ type: 'text', text: input.request });
  const messages: ModelMessage[] = [...history, { role: 'user', content: parts }];
  const chars =
    system.length + history.reduce((n, m) => n + String(m.content).length, 0) + parts.reduce((n, p) => n + (p.type === 'text' ? p.text.length : 0), 0);
  return { system, messages, tokens: estimateTokensOf(chars) + input.images.length * IMAGE_TOKENS, mode: files.mode, included: files.included };
}
