import type { ElementRef } from '@sprout/core/contract';
import { findElement } from './find-element';

// A chat message sent with an element selected is about that element: its place and its code open the
// model's turn, so the model need not guess which of the page's buttons "this button" is.

const MAX_ELEMENT_LINES = 60;
const AROUND = 5;

/** The selected element's file, line, component and tag, then its numbered source lines; null when it is not in the files. */
export function elementContext(files: ReadonlyMap<string, string>, ref: ElementRef): string | null {
  const code = files.get(ref.file);
  if (code === undefined) return null;
  const found = findElement(ref.file, code, ref);
  if (!found) return null;
  const { start, end } = found.element.loc!;
  const lines = code.split('\n');
  const shownEnd = Math.min(end.line, start.line + MAX_ELEMENT_LINES - 1);
  const from = Math.max(1, start.line - AROUND);
  const to = Math.min(lines.length, shownEnd + AROUND);
  const width = String(to).length;
  const numbered = lines.slice(from - 1, to).map((line, i) => `${String(from + i).padStart(width)} | ${line.replace(/\r$/, '')}`);
  const where = found.component ? ` in the component ${found.component}` : '';
  const list = found.inList ? ' It is drawn once for each item of a list.' : '';
  const cut = shownEnd < end.line ? ` (its first ${MAX_ELEMENT_LINES} of ${end.line - start.line + 1} lines shown)` : '';
  return [
    `The person selected an element in the preview: the <${found.tag}> at ${ref.file} line ${start.line}${where}.${list} Their message is about this element.`,
    `${ref.file}, lines ${from}–${to}${cut}:`,
    '```tsx',
    ...numbered,
    '```',
  ].join('\n');
}
