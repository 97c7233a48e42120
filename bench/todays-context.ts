// The model context as the engine laid it out before it put stable parts first for providers'
// prompt caches (commit 378222f^), full mode only: system prompt, the last 10 chat messages, then
// ONE user message with every file and the request. Kept for bench/prompt-cache.ts, which measures
// the new order beside it in the same run.
import type { ModelMessage } from 'ai';
import { buildSystemPrompt, uiModules, type ContextInput } from '@sprout/engine';
import { starterFiles } from '@sprout/template';

const CLIENT_PATH = 'client/src/lib/sprout.ts';
const stockClient = starterFiles().find((f) => f.name === CLIENT_PATH)?.content;
const fileBlock = (path: string, content: string) => `<file path="${path}">\n${content.endsWith('\n') ? content : `${content}\n`}</file>`;

export function todaysContext(input: ContextInput): { system: string; messages: ModelMessage[] } {
  const system = buildSystemPrompt({ partialEdits: input.partialEdits, ui: uiModules(input.files), packages: input.packages });
  const history: ModelMessage[] = input.history
    .slice(-10)
    .map((t) => ({ role: t.role, content: t.content.length > 4000 ? `${t.content.slice(0, 4000)}\n[…]` : t.content || '(no text)' }));
  while (history[0]?.role === 'assistant') history.shift();
  const stock = input.files.get(CLIENT_PATH) === stockClient;
  const shown = [...input.files.keys()].filter((p) => !(p === CLIENT_PATH && stock)).sort();
  const files = `The project's current files:\n\n${shown.map((p) => fileBlock(p, input.files.get(p)!)).join('\n\n')}${stock ? `\n${CLIENT_PATH}: the app backend client described in the system prompt (not shown).` : ''}`;
  return {
    system,
    messages: [
      ...history,
      {
        role: 'user',
        content: [
          { type: 'text', text: files },
          { type: 'text', text: input.request },
        ],
      },
    ],
  };
}
