// What the offline builder reads from the prompt the engine sends it (the engine's context/build-context.ts):
// the request (last text part of the last user message), whether there was an earlier answer,
// and the project's files, parsed from their <file path="…"> blocks.

import type { LanguageModelV3Prompt } from '@ai-sdk/provider';

export interface Conversation {
  request: string;
  /** Earlier turns (text only), oldest first. */
  history: { role: 'user' | 'assistant'; text: string }[];
  /** The project's files as shown to the model (all of them, or the condensed selection). */
  files: Map<string, string>;
  /** True when the files part was the condensed map: files not shown may still exist. */
  condensed: boolean;
}

const FILES_FULL = "The project's current files:";
const FILES_CONDENSED = 'The project is large, so it is shown condensed.';

function textsOf(m: LanguageModelV3Prompt[number]): string[] {
  if (m.role === 'system') return [m.content];
  return m.content.flatMap((p) => (p.type === 'text' ? [p.text] : []));
}

/**
 * Parses `<file path="p">\n…\n</file>` blocks. A block ends at a `</file>` line that is followed by
 * the next block, the image note or the end, so a file that itself contains "</file>" survives.
 */
export function parseFiles(text: string): Map<string, string> {
  const files = new Map<string, string>();
  const open = /<file path="([^"\n]+)">\n/g;
  const starts = [...text.matchAll(open)];
  for (let i = 0; i < starts.length; i++) {
    const m = starts[i]!;
    const from = m.index! + m[0].length;
    const limit = i + 1 < starts.length ? starts[i + 1]!.index! : text.length;
    const chunk = text.slice(from, limit);
    const end = chunk.lastIndexOf('</file>');
    if (end < 0) continue;
    files.set(m[1]!, chunk.slice(0, end));
  }
  return files;
}

export function readConversation(prompt: LanguageModelV3Prompt): Conversation {
  const history: Conversation['history'] = [];
  let request = '';
  let files = new Map<string, string>();
  let condensed = false;
  let lastUser = -1;
  prompt.forEach((m, i) => {
    if (m.role === 'user') lastUser = i;
  });
  prompt.forEach((m, i) => {
    if (m.role !== 'user' && m.role !== 'assistant') return;
    const texts = textsOf(m);
    for (const t of texts) {
      // The newest files part wins (a fix round's conversation repeats the first user message).
      if (m.role === 'user' && (t.startsWith(FILES_FULL) || t.startsWith(FILES_CONDENSED))) {
        files = parseFiles(t);
        condensed = t.startsWith(FILES_CONDENSED);
      }
    }
    if (i === lastUser) request = texts[texts.length - 1] ?? '';
    else history.push({ role: m.role, text: texts.filter((t) => !t.startsWith(FILES_FULL) && !t.startsWith(FILES_CONDENSED)).join('\n') });
  });
  return { request, history, files, condensed };
}
