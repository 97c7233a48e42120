/*
 * A reply's prose arrives a few characters at a time, so while it streams its markdown is usually
 * cut off: `**bold` has no closing marks yet, a code block no closing fence, a link no `)`. Rendered
 * as it is, the person watches raw asterisks until the rest arrives. `closeOpenMarkdown` closes
 * what the text has opened (only the last paragraph can be open), so it renders now as it will
 * once complete. `plainMarkdown` drops the marks for the moment before the renderer has loaded.
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

function openFence(text: string): string | null {
  let open: string | null = null;
  for (const line of text.split('\n')) {
    const m = FENCE.exec(line);
    if (!m) continue;
    const mark = m[1]!;
    if (open === null) open = mark;
    else if (mark[0] === open[0] && mark.length >= open.length && line.trim() === mark) open = null;
  }
  return open;
}

const isSpace = (c: string | undefined) => c === undefined || /\s/.test(c);
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** The emphasis marks and the inline code run the paragraph leaves open, innermost last. */
function openMarks(para: string): { marks: string[]; code: string | null } {
  const marks: string[] = [];
  let code: string | null = null;
  let i = 0;
  while (i < para.length) {
    const c = para[i]!;
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === '`') {
      let j = i;
      while (para[j] === '`') j++;
      const run = para.slice(i, j);
      if (code === null) code = run;
      else if (run === code) code = null;
      i = j;
      continue;
    }
    if (code !== null || (c !== '*' && c !== '_' && c !== '~')) {
      i++;
      continue;
    }
    const double = para[i + 1] === c;
    if (c === '~' && !double) {
      i++;
      continue;
    }
    const mark = double ? c + c : c;
    const before = para[i - 1];
    const after = para[i + mark.length];
    const at = marks.lastIndexOf(mark);
    if (at !== -1 && !isSpace(before)) {
      marks.splice(at);
    } else if ((after === undefined || !isSpace(after)) && !(c === '_' && isWordChar(before))) {
      // A mark at the very end may be the start of emphasis still on its way.
      marks.push(mark);
    }
    i += mark.length;
  }
  return { marks, code };
}

/** The streamed text with whatever it leaves open closed (a code fence, inline code, emphasis, a half-written link). */
export function closeOpenMarkdown(text: string): string {
  const fence = openFence(text);
  if (fence) return `${text}${text.endsWith('\n') ? '' : '\n'}${fence}`;
  const start = text.lastIndexOf('\n\n') + 1;
  let head = text.slice(0, start);
  let para = text.slice(start);
  // `[label](https://exa` shows as its label until the address is complete.
  para = para.replace(/\[([^\]\n]*)\]\([^)\s]*$/, '$1').replace(/\[([^\]\n]*)$/, '$1');
  const { marks, code } = openMarks(para);
  if (code !== null) return head + para + code;
  if (!marks.length) return head + para;
  let body = para.replace(/\s+$/, '');
  const closing: string[] = [];
  for (const mark of marks.reverse()) {
    // An opening mark with nothing after it yet is dropped rather than closed around nothing.
    if (body.endsWith(mark)) body = body.slice(0, -mark.length).replace(/\s+$/, '');
    else closing.push(mark);
  }
  head += body;
  return head + closing.join('');
}

/** The text without markdown's marks (emphasis, inline code, heading hashes, link addresses). */
export function plainMarkdown(text: string): string {
  return text
    .replace(/^ {0,3}#{1,6}\s+/gm, '')
    .replace(/!?\[([^\]\n]*)\]\([^)\n]*\)?/g, '$1')
    .replace(/(\*\*|__|~~)(?=\S)([^\n]*?\S)\1/g, '$2')
    .replace(/(^|[^\w*])[*_](?=\S)([^\n*_]*?\S)[*_](?!\w)/g, '$1$2')
    .replace(/`+([^`\n]*)`+/g, '$1')
    .replace(/\*\*|__/g, '');
}
