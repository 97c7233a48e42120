// Incremental parser for the edit protocol (docs/architecture.md#the-edit-protocol). It takes the model's answer in chunks of
// any size, emits events as soon as they are certain, never throws, and reports what it could
// not understand instead of guessing.

export interface SearchReplace {
  search: string;
  replace: string;
}

export type EditEvent =
  | { type: 'text'; text: string }
  | { type: 'file-start'; path: string }
  | { type: 'file-delta'; path: string; text: string }
  | { type: 'file-end'; path: string; content: string }
  | { type: 'edit'; path: string; blocks: SearchReplace[] }
  | { type: 'delete'; path: string }
  | { type: 'rename'; from: string; to: string }
  | { type: 'summary'; text: string }
  | { type: 'problem'; kind: ProblemKind; message: string; path?: string };

export type ProblemKind = 'unclosed' | 'malformed-tag' | 'unknown-tag' | 'malformed-edit' | 'missing-attribute';

const TAGS = ['write', 'edit', 'delete', 'rename', 'summary'] as const;
type Tag = (typeof TAGS)[number];
const MAX_TAG_LENGTH = 2000;

type Mode =
  | { kind: 'text' }
  // fenced: the content opened with a code fence; held: a fence line (and blank lines after it) not
  // streamed yet, because it is dropped if the block closes right after it (see stripFence).
  | { kind: 'write'; path: string; lines: string[]; started: boolean; fenced: boolean; held: string[] }
  | { kind: 'edit'; path: string; lines: string[] }
  | { kind: 'summary'; lines: string[] };

const OPEN_RE = /^\s*<\s*sprout-([a-z-]+)\b([^>]*?)\/?\s*>(.*)$/i;
const ATTR_RE = /([a-zA-Z][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const closeRe = (tag: Tag) => new RegExp(`^\\s*<\\s*/\\s*sprout-${tag}\\s*>\\s*$`, 'i');
const FENCE_RE = /^\s*```[\w+-]*\s*$/;

function attributes(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of raw.matchAll(ATTR_RE)) out[m[1]!.toLowerCase()] = m[2] ?? m[3] ?? '';
  return out;
}

/** Strips one code fence wrapped around a whole file, which models add out of habit. */
export function stripFence(lines: string[]): string[] {
  const first = lines.findIndex((l) => l.trim() !== '');
  if (first === -1 || !FENCE_RE.test(lines[first]!)) return lines;
  let last = lines.length - 1;
  while (last > first && lines[last]!.trim() === '') last--;
  if (last === first || lines[last]!.trim() !== '```') return lines;
  return lines.slice(first + 1, last);
}

/** Parses SEARCH/REPLACE blocks; null when the body is not a well-formed sequence of them. */
export function parseSearchReplace(lines: string[]): SearchReplace[] | null {
  const body = stripFence(lines);
  const blocks: SearchReplace[] = [];
  let i = 0;
  while (i < body.length) {
    if (body[i]!.trim() === '') {
      i++;
      continue;
    }
    if (!/^<{5,9} ?SEARCH\s*$/.test(body[i]!)) return null;
    const sep = body.findIndex((l, j) => j > i && /^={5,9}\s*$/.test(l));
    if (sep === -1) return null;
    const end = body.findIndex((l, j) => j > sep && /^>{5,9} ?REPLACE\s*$/.test(l));
    if (end === -1) return null;
    blocks.push({ search: body.slice(i + 1, sep).join('\n'), replace: body.slice(sep + 1, end).join('\n') });
    i = end + 1;
  }
  return blocks.length ? blocks : null;
}

export class EditParser {
  private mode: Mode = { kind: 'text' };
  /** The current, incomplete line. */
  private partial = '';
  /** Part of the current text line already emitted: it can no longer become a tag. */
  private lineIsText = false;
  /** Characters of the current write line already emitted as deltas. */
  private emittedOfLine = 0;
  /** A tag whose `>` has not arrived yet (attributes across lines). */
  private pendingTag = '';
  private skipClose: Tag | null = null;
  private readonly out: EditEvent[] = [];

  /** Feeds a chunk and returns the events it made certain. */
  push(chunk: string): EditEvent[] {
    let text = chunk;
    // A CRLF split across chunks: the '\r' already ended the line, so drop the '\n'.
    if (this.pendingCR && text.startsWith('\n')) text = text.slice(1);
    this.pendingCR = text.endsWith('\r');
    for (const ch of text.replace(/\r\n?/g, '\n')) {
      if (ch === '\n') {
        this.line(this.partial);
        this.partial = '';
        this.lineIsText = false;
        this.emittedOfLine = 0;
      } else {
        this.partial += ch;
      }
    }
    this.streamPartial();
    return this.drain();
  }

  private pendingCR = false;

  /** Ends the stream: anything still open is reported, never guessed. */
  end(): EditEvent[] {
    if (this.partial !== '') {
      this.line(this.partial);
      this.partial = '';
    }
    if (this.pendingTag) {
      this.problem('malformed-tag', `A tag was never finished: ${this.pendingTag.slice(0, 80)}`);
      this.pendingTag = '';
    }
    const m = this.mode;
    if (m.kind === 'write' || m.kind === 'edit') {
      this.problem('unclosed', `The ${m.kind === 'write' ? 'file' : 'edit'} block for ${m.path} was not closed before the answer ended.`, m.path);
    } else if (m.kind === 'summary') {
      this.problem('unclosed', 'The summary was not closed before the answer ended.');
    }
    this.mode = { kind: 'text' };
    return this.drain();
  }

  /** True while a file or edit block is open (an answer cut off here can be continued). */
  get openBlock(): { kind: 'write' | 'edit'; path: string } | null {
    const m = this.mode;
    return m.kind === 'write' || m.kind === 'edit' ? { kind: m.kind, path: m.path } : null;
  }

  private drain(): EditEvent[] {
    return this.out.splice(0, this.out.length);
  }

  private problem(kind: ProblemKind, message: string, path?: string) {
    this.out.push(path ? { type: 'problem', kind, message, path } : { type: 'problem', kind, message });
  }

  private emitText(text: string) {
    if (!text) return;
    const last = this.out[this.out.length - 1];
    if (last?.type === 'text') last.text += text;
    else this.out.push({ type: 'text', text });
  }

  /** Streams what is certain of the unfinished line: prose that cannot be a tag, file content that cannot be the closing tag. */
  private streamPartial() {
    const p = this.partial;
    if (p === '' || this.pendingTag) return;
    const m = this.mode;
    if (m.kind === 'text') {
      if (this.lineIsText) {
        this.emitText(p);
        this.partial = '';
        return;
      }
      // A line that starts with '<' may become a tag: hold it until the line is complete.
      if (p.trimStart() === '' || p.trimStart().startsWith('<')) return;
      this.emitText(p);
      this.partial = '';
      this.lineIsText = true;
    } else if (m.kind === 'write') {
      const t = p.trimStart();
      if (t.startsWith('<') && '</sprout-write>'.startsWith(t.replace(/\s+/g, '').slice(0, 15).toLowerCase())) return;
      if (!m.started && /^\s*`{1,3}/.test(p)) return; // maybe an opening fence: decide at line end
      if (m.fenced && (m.held.length > 0 || p.trimStart().startsWith('`'))) return; // maybe the closing fence
      const fresh = p.slice(this.emittedOfLine);
      if (fresh) {
        this.out.push({ type: 'file-delta', path: m.path, text: fresh });
        this.emittedOfLine = p.length;
      }
    }
  }

  private line(raw: string) {
    const m = this.mode;
    if (this.pendingTag) {
      this.pendingTag += `\n${raw}`;
      if (raw.includes('>')) {
        const tag = this.pendingTag;
        this.pendingTag = '';
        this.openTag(tag.replace(/\n/g, ' '));
      } else if (this.pendingTag.length > MAX_TAG_LENGTH) {
        this.problem('malformed-tag', `A tag was never finished: ${this.pendingTag.slice(0, 80)}`);
        this.emitText(`${this.pendingTag}\n`);
        this.pendingTag = '';
      }
      return;
    }
    switch (m.kind) {
      case 'text':
        return this.textLine(raw);
      case 'write':
        return this.writeLine(m, raw);
      case 'edit':
        if (closeRe('edit').test(raw)) return this.finishEdit(m);
        if (this.interrupts(raw, m.path)) return;
        m.lines.push(raw);
        return;
      case 'summary': {
        const close = /<\s*\/\s*sprout-summary\s*>/i.exec(raw);
        if (close) {
          m.lines.push(raw.slice(0, close.index));
          this.out.push({ type: 'summary', text: m.lines.join('\n').trim() });
          this.mode = { kind: 'text' };
          this.emitText(raw.slice(close.index + close[0].length).trim() ? `${raw.slice(close.index + close[0].length)}\n` : '');
        } else m.lines.push(raw);
        return;
      }
    }
  }

  /** A new opening tag inside an open block means the block was never closed: report it, do not apply it. */
  private interrupts(raw: string, path: string): boolean {
    const open = OPEN_RE.exec(raw);
    if (!open || !(TAGS as readonly string[]).includes(open[1]!.toLowerCase())) return false;
    this.problem('unclosed', `The block for ${path} was not closed before the next action started.`, path);
    this.mode = { kind: 'text' };
    this.textLine(raw);
    return true;
  }

  private textLine(raw: string) {
    if (this.lineIsText) {
      this.emitText(`${raw}\n`);
      return;
    }
    if (this.skipClose && closeRe(this.skipClose).test(raw)) {
      this.skipClose = null;
      return;
    }
    this.skipClose = null;
    const t = raw.trimStart();
    if (/^<\s*sprout-/i.test(t) && !t.includes('>')) {
      this.pendingTag = raw;
      return;
    }
    if (/^<\s*sprout-/i.test(t)) return this.openTag(raw);
    if (/^<\s*\/\s*sprout-/i.test(t)) {
      this.problem('malformed-tag', `A closing tag without an opening tag was ignored: ${t.slice(0, 80)}`);
      return;
    }
    this.emitText(`${raw}\n`);
  }

  private openTag(raw: string) {
    const m = OPEN_RE.exec(raw);
    if (!m) {
      this.problem('malformed-tag', `Could not read the tag: ${raw.trim().slice(0, 80)}`);
      return;
    }
    const name = m[1]!.toLowerCase();
    const attrs = attributes(m[2]!);
    const rest = m[3]!;
    if (!(TAGS as readonly string[]).includes(name)) {
      this.problem('unknown-tag', `Unknown action <sprout-${name}> was ignored.`);
      return;
    }
    const tag = name as Tag;
    const need = (key: string): string | null => {
      const v = attrs[key];
      if (v === undefined || v.trim() === '') {
        this.problem('missing-attribute', `<sprout-${tag}> needs a ${key} attribute.`);
        return null;
      }
      return v.trim();
    };
    if (tag === 'delete') {
      const path = need('path');
      if (path) this.out.push({ type: 'delete', path });
      if (!/\/\s*>/.test(raw)) this.skipClose = 'delete';
      return;
    }
    if (tag === 'rename') {
      const from = need('from');
      const to = from ? need('to') : null;
      if (from && to) this.out.push({ type: 'rename', from, to });
      if (!/\/\s*>/.test(raw)) this.skipClose = 'rename';
      return;
    }
    if (tag === 'summary') {
      this.mode = { kind: 'summary', lines: [] };
      this.line(rest);
      return;
    }
    const path = need('path');
    if (!path) {
      // Swallow the block so its content is not shown as chat text, but apply nothing.
      this.mode = tag === 'write' ? { kind: 'write', path: '', lines: [], started: true, fenced: false, held: [] } : { kind: 'edit', path: '', lines: [] };
      return;
    }
    if (tag === 'write') {
      this.mode = { kind: 'write', path, lines: [], started: false, fenced: false, held: [] };
      this.out.push({ type: 'file-start', path });
      if (rest.trim() !== '') this.writeLine(this.mode, rest, true);
    } else {
      this.mode = { kind: 'edit', path, lines: [] };
      if (rest.trim() !== '') this.line(rest);
    }
  }

  private writeLine(m: Extract<Mode, { kind: 'write' }>, raw: string, inline = false) {
    const inlineClose = inline ? /<\s*\/\s*sprout-write\s*>\s*$/i.exec(raw) : null;
    if (closeRe('write').test(raw) || inlineClose) {
      if (inlineClose) m.lines.push(raw.slice(0, inlineClose.index));
      this.mode = { kind: 'text' };
      if (!m.path) return;
      const content = stripFence(m.lines).join('\n');
      this.out.push({ type: 'file-end', path: m.path, content: content === '' ? '' : `${content}\n` });
      return;
    }
    if (m.path && this.interrupts(raw, m.path)) return;
    const isOpeningFence = !m.started && FENCE_RE.test(raw);
    if (isOpeningFence) m.fenced = true;
    m.started = true;
    m.lines.push(raw);
    if (!m.path || isOpeningFence) return;
    if (m.fenced && (m.held.length > 0 ? raw.trim() === '' : raw.trim() === '```')) {
      m.held.push(raw);
      return;
    }
    for (const line of m.held.splice(0)) this.out.push({ type: 'file-delta', path: m.path, text: `${line}\n` });
    const fresh = raw.slice(this.emittedOfLine);
    this.out.push({ type: 'file-delta', path: m.path, text: `${fresh}\n` });
  }

  private finishEdit(m: Extract<Mode, { kind: 'edit' }>) {
    this.mode = { kind: 'text' };
    if (!m.path) return;
    const blocks = parseSearchReplace(m.lines);
    if (!blocks) {
      this.problem('malformed-edit', `The edit for ${m.path} is not a sequence of SEARCH/REPLACE blocks.`, m.path);
      return;
    }
    this.out.push({ type: 'edit', path: m.path, blocks });
  }
}

/** Parses a whole answer at once (tests, replays). */
export function parseEdits(text: string): EditEvent[] {
  const p = new EditParser();
  return [...p.push(text), ...p.end()];
}
