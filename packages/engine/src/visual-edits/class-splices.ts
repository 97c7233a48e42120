import { hasBorderWidth, replaces, type StyleProperty } from '@sprout/core';
import type { ClassPart } from './element-parts';
import { jsString, jsxAttributeValue, type Splice } from './splices';

// An element's style changes become one rewrite of its class list. A class list is one or more static
// segments: a string literal is one; a template literal has one per static part between its
// placeholders. Classes of a changed family go from every segment, the new class joins the last one,
// and a class glued to a placeholder (`bg-${tone}-500`) is never touched: it is not a whole class.

export interface ClassChange {
  property: StyleProperty;
  /** The class to set; null removes the family. */
  className: string | null;
}

interface Segment {
  start: number;
  end: number;
  raw: string;
  tokens: string[];
  /** Tokens that touch a placeholder: the first (glued to the one before) and the last (to the one after). */
  gluedFirst: boolean;
  gluedLast: boolean;
}

function segmentsOf(part: Exclude<ClassPart, { editable: false }>, code: string): Segment[] {
  if (part.kind === 'none') return [{ start: part.insertAt, end: part.insertAt, raw: '', tokens: [], gluedFirst: false, gluedLast: false }];
  if (part.kind === 'string') {
    const s = { start: part.node.start!, end: part.node.end!, raw: part.value };
    return [{ ...s, tokens: words(part.value), gluedFirst: false, gluedLast: false }];
  }
  const last = part.node.quasis.length - 1;
  return part.node.quasis.map((q, i) => {
    const raw = code.slice(q.start!, q.end!);
    const tokens = words(raw);
    return {
      start: q.start!,
      end: q.end!,
      raw,
      tokens,
      gluedFirst: i > 0 && tokens.length > 0 && !/^\s/.test(raw),
      gluedLast: i < last && tokens.length > 0 && !/\s$/.test(raw),
    };
  });
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** Whether a token may be removed: not one glued to a placeholder. */
const removable = (segment: Segment, index: number) => !(segment.gluedFirst && index === 0) && !(segment.gluedLast && index === segment.tokens.length - 1);

function applyChange(segments: Segment[], change: ClassChange): void {
  for (const segment of segments) segment.tokens = segment.tokens.filter((t, i) => !removable(segment, i) || !replaces(change.property, t));
  if (!change.className) return;
  const last = segments.at(-1)!;
  const all = segments.flatMap((s) => s.tokens);
  const added = words(change.className);
  if (change.property === 'borderColor' && !hasBorderWidth(all.join(' '))) added.unshift('border');
  for (const c of added) if (!all.includes(c)) last.tokens.push(c);
}

/** A template's static part as text: spaced from its placeholders unless a glued token touches one. */
function templateSegmentText(segment: Segment, index: number, count: number): string {
  const body = segment.tokens.join(' ');
  if (body === '') return index > 0 && index < count - 1 && /\s/.test(segment.raw) ? ' ' : '';
  const before = index > 0 && !segment.gluedFirst ? ' ' : '';
  const after = index < count - 1 && !segment.gluedLast ? ' ' : '';
  return before + body + after;
}

/** The splices that make the changes to a class list; none when the classes already are so. */
export function classSplices(part: Exclude<ClassPart, { editable: false }>, changes: readonly ClassChange[], code: string, edit: number): Splice[] {
  const segments = segmentsOf(part, code);
  const before = segments.map((s) => s.tokens.join(' '));
  for (const change of changes) applyChange(segments, change);
  const changed = segments.filter((s, i) => s.tokens.join(' ') !== before[i]);
  if (changed.length === 0) return [];
  if (part.kind === 'none') return [{ start: part.insertAt, end: part.insertAt, text: ` className=${jsxAttributeValue(segments[0]!.tokens.join(' '))}`, edit }];
  if (part.kind === 'string') {
    const value = segments[0]!.tokens.join(' ');
    const quote = code[part.node.start!]!;
    return [{ start: part.node.start!, end: part.node.end!, text: part.inJsx ? jsxAttributeValue(value, quote) : jsString(value, quote), edit }];
  }
  return changed.map((s) => ({ start: s.start, end: s.end, text: templateSegmentText(s, segments.indexOf(s), segments.length), edit }));
}
