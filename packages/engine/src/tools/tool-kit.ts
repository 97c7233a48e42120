import type { z } from 'zod';
import type { CheckTarget } from '../run/check-round';
import type { RunScope } from '../run/run-scope';
import type { ToolSession } from './tool-session';

/** What a tool answers: the text the model reads, one short line for the chat, and a picture a model with vision may see. */
export interface ToolOutcome {
  text: string;
  summary: string;
  image?: { data: Uint8Array; mediaType: string };
}

/** What a tool works on: the run, its working copy as the answer has changed it so far (read, never written), and its tool use. */
export interface ToolContext {
  s: RunScope;
  work: CheckTarget;
  session: ToolSession;
  /** Whether the model is shown pictures in tool results (vision, and a provider that takes them there). */
  seesImages: boolean;
}

/**
 * One of the tools a model that uses tools is given (docs/architecture.md#tools). `calling` is what
 * the chat shows while it runs; `run` never changes the working copy: edits are the answer's protocol
 * blocks, which the parser applies.
 */
export interface SproutTool<I> {
  description: string;
  inputSchema: z.ZodType<I>;
  calling(input: I): string;
  run(input: I, ctx: ToolContext): Promise<ToolOutcome> | ToolOutcome;
}

export const defineTool = <I>(tool: SproutTool<I>): SproutTool<I> => tool;

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Text cut at `max` characters, saying so. */
export const capped = (text: string, max: number, more = 'cut here') => (text.length <= max ? text : `${text.slice(0, max)}\n… (${more})`);

export const lineCount = (text: string) => (text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));

/**
 * A path the model may read: relative to the project root, as the edit protocol writes it
 * (`src/App.tsx` and `/client/…` mean `client/…`); null for one that leaves the project
 * (`..`, `~`, a drive, a backslash, a network path, control characters).
 */
export function projectPath(raw: string): string | null {
  let p = raw.trim();
  if (/^\/(?!\/)/.test(p)) p = p.slice(1);
  while (p.startsWith('./')) p = p.slice(2);
  if (p.startsWith('src/') || p.startsWith('public/')) p = `client/${p}`;
  p = p.replace(/\/+$/, '');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (p.startsWith('/') || p.startsWith('~') || /^[a-z]:/i.test(p) || p.includes('\\') || /[\u0000-\u001f]/.test(p)) return null;
  if (p.split('/').some((segment) => segment === '..')) return null;
  return p;
}

export const outsideProject = (raw: string) =>
  `Refused: ${JSON.stringify(raw.slice(0, 120))} is outside the project. Paths are relative to the project root, like client/src/App.tsx.`;

/** Whether `path` is `folder` or inside it ('' is the whole project). */
export const isUnder = (path: string, folder: string) => folder === '' || path === folder || path.startsWith(`${folder}/`);
