// What the offline builder reads from the prompt the engine sends it (the engine's context/build-context.ts):
// the request (last text part of the last user message), whether there was an earlier answer,
// and the project's files: each in a text part of its own marked `providerOptions.sprout.file`
// (older prompts: `<file path="…">` blocks after a files header).

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

// The engine's headers: FILES_HEADER and CONDENSED_HEADER, RECENT_HEADER and the map of a condensed project.
const FILES_FULL = "The project's current files";
const FILES_CONDENSED = 'The project is large, so it is shown condensed';
const CONTEXT_TEXTS = [FILES_FULL, FILES_CONDENSED, 'Files changed recently, as they are now:', 'Map of all files (path, size, exports):'];

type Part = { type: string; text?: string; providerOptions?: Record<string, Record<string, unknown> | undefined> };

function partsOf(m: LanguageModelV3Prompt[number]): Part[] {
  if (m.role === 'system') return [{ type: 'text', text: m.content }];
  return m.content as Part[];
}

/** The path of a part that is one of the project's files, else null. */
const filePathOf = (p: Part): string | null => {
  const file = p.providerOptions?.sprout?.file;
  return p.type === 'text' && typeof file === 'string' ? file : null;
};

/**
 * Parses `<file path="p">\n…\n</file>` blocks. A block ends at a `</file>` line that is followed by
 * the next block, the image note or the end, so a file that itself contains "</file>" survives.
 */
function parseFiles(text: string): Map<string, string> {
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
  const files = new Map<string, string>();
  let condensed = false;
  let lastUser = -1;
  prompt.forEach((m, i) => {
    if (m.role === 'user') lastUser = i;
  });
  prompt.forEach((m, i) => {
    if (m.role !== 'user' && m.role !== 'assistant') return;
    const texts: string[] = [];
    for (const part of partsOf(m)) {
      if (part.type !== 'text' || part.text === undefined) continue;
      const path = m.role === 'user' ? filePathOf(part) : null;
      if (path) {
        // Later parts are newer (the files changed recently come with the latest message).
        for (const [p, c] of parseFiles(part.text)) if (p === path) files.set(p, c);
        continue;
      }
      if (m.role === 'user' && part.text.startsWith(FILES_CONDENSED)) condensed = true;
      // A prompt of the older layout: every file in blocks after the header.
      if (m.role === 'user' && (part.text.startsWith(`${FILES_FULL}:`) || part.text.startsWith(`${FILES_CONDENSED}.`)))
        for (const [p, c] of parseFiles(part.text)) files.set(p, c);
      texts.push(part.text);
    }
    if (i === lastUser) request = texts[texts.length - 1] ?? '';
    else history.push({ role: m.role, text: texts.filter((t) => !CONTEXT_TEXTS.some((h) => t.startsWith(h))).join('\n') });
  });
  return { request, history, files, condensed };
}
