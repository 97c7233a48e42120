import { DISPLAY_NAME_MAX } from './naming';
import { CONTROL_CHARS, decodeHtmlText } from '../text/text';

/**
 * Where a project's name came from: the random default it was created with ('Sprout - 537'),
 * a name Sprout gave it after its first build, or one a person chose (typed, or given at creation).
 * Only a default name is ever replaced, and only once.
 */
export const NAME_ORIGINS = ['default', 'generated', 'person'] as const;
export type NameOrigin = (typeof NAME_ORIGINS)[number];

/** Short enough for a header, a list row and a web address. */
export const GENERATED_NAME_MAX = 40;

// Titles that say nothing about the app: the starter's own and what tools put in new projects.
const GENERIC_TITLES = new Set([
  'sprout starter',
  'vite app',
  'vite + react',
  'vite + react + ts',
  'react app',
  'app',
  'my app',
  'document',
  'untitled',
  'home',
  'index',
]);

// A summary that names what was made starts like this; one that says what changed ("Added dark
// mode", "Fixed the header") names nothing.
const MADE = /^(?:built|created|made|set up|generated|designed)\s+(?:the\s+|a\s+|an\s+|your\s+)?(.+)$/i;
// Where the name ends and the description begins: "Fridge to Table, a recipe finder", "a board with columns".
const DESCRIPTION = /\s*(?:[,;:(]|\s[-–—|·]\s|\s(?:with|that|which|where|for|to help|so)\s).*$/i;
const TITLE_TAIL = /\s+[-–—|·:]\s+.*$/;

/** Whitespace collapsed, a trailing full stop dropped, the first letter capitalised, cut at a word within the limit. */
function tidy(raw: string): string | null {
  let name = raw
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!]+$/, '')
    .trim();
  if (CONTROL_CHARS.test(name) || /[<>{}]/.test(name)) return null;
  if (name.length > GENERATED_NAME_MAX) {
    const cut = name.slice(0, GENERATED_NAME_MAX + 1);
    const space = cut.lastIndexOf(' ');
    name = (space >= 12 ? cut.slice(0, space) : cut.slice(0, GENERATED_NAME_MAX)).replace(/[\s,;:–—-]+$/, '');
  }
  if (name.length < 2 || !/[\p{L}\p{N}]/u.test(name)) return null;
  name = name.charAt(0).toLocaleUpperCase('en') + name.slice(1);
  return name.length <= DISPLAY_NAME_MAX ? name : null;
}

/** The `<title>` of a project's client/index.html, when it names the app. */
export function nameFromTitle(indexHtml: string | undefined): string | null {
  const m = /<title[^>]*>([^<]*)<\/title>/i.exec(indexHtml ?? '');
  if (!m) return null;
  const title = decodeHtmlText(m[1]!).replace(/\s+/g, ' ').trim();
  if (GENERIC_TITLES.has(title.toLowerCase())) return null;
  const head = title.replace(TITLE_TAIL, '');
  return tidy(head.length >= 3 ? head : title);
}

/** "Built Fridge to Table, a recipe finder" → "Fridge to Table"; "Added dark mode" → null. */
export function nameFromSummary(summary: string | null | undefined): string | null {
  const m = MADE.exec((summary ?? '').trim());
  if (!m) return null;
  return tidy(m[1]!.replace(DESCRIPTION, ''));
}

/**
 * What to call a project after a build, from what was built: the app's own title when it has one
 * (the model or the offline builder wrote it), else its summary. null when neither names anything;
 * then the project keeps its name.
 */
export function projectNameFromBuild(input: { indexHtml?: string; summary?: string | null }): string | null {
  return nameFromTitle(input.indexHtml) ?? nameFromSummary(input.summary);
}
