// Everything but the family and the colours: who and what the app is for, its name, layout wishes,
// kanban columns and card fields, the image size target, and the sections of a page.

import { fieldWords } from './field-words';
import { normalise, sentenceCase, splitList, tidy } from './text';

export interface Subject {
  /** What the app is about or for: "creative agency", "personal fitness coach". */
  subject: string | null;
  /** Who uses it, when the prompt says so: "small marketing agencies", "visitors". */
  audience: string | null;
  /** What it does, from a template prompt's "that …" part. */
  purpose: string | null;
}

// The prompt a home-page template composes: 'Build me {label} for {For} that {That}' (docs/architecture.md#the-prompt).
const TEMPLATE = /^build me (?:a|an) (?:b2b app|client portal|consumer app|internal tool|landing page) for (.+?) that (.+?)\.?$/i;
const NOT_SUBJECT = /^(?:example|instance|each|every|that|this|the day|free|now|later|me|us|you|them|it|mobile|phones?|desktop)\b/;

/** "a creative agency" → "creative agency"; a plural without article is an audience of people. */
function bare(text: string): string {
  return text.replace(/^(?:a|an|the|my|our|your|their)\s+/i, '').trim();
}

export function extractSubject(prompt: string): Subject {
  const text = tidy(prompt);
  const t = TEMPLATE.exec(text);
  if (t) {
    const forPart = t[1]!.trim();
    const plural = !/^(?:a|an|the|my|our)\s/i.test(forPart);
    return { subject: bare(forPart), audience: plural ? forPart : null, purpose: sentenceCase(t[2]!.trim()) };
  }
  // Free text: the first "for X" of the first sentence, up to a joining word.
  const first = text.split(/(?<=[.!?])\s+/)[0] ?? text;
  const m = /\bfor\s+((?:(?:a|an|the|my|our)\s+)?[^.,;:!?()]+?)(?=\s+(?:with|that|which|who|where|to|so|using|in|on|featuring|including)\b|[.,;:!?()]|$)/i.exec(
    first,
  );
  let subject: string | null = null;
  let audience: string | null = null;
  if (m && !NOT_SUBJECT.test(normalise(bare(m[1]!)))) {
    subject = bare(m[1]!).slice(0, 60);
    if (!/^(?:a|an|the|my|our)\s/i.test(m[1]!) && /s\b/.test(m[1]!)) audience = m[1]!.trim();
  }
  const who = /\b(visitors|users|customers|clients|members|students|patients|guests|players)\b/i.exec(text);
  return { subject, audience: audience ?? (who ? who[1]!.toLowerCase() : null), purpose: null };
}

/** An explicit name: 'called "Pulse"', "named Taskly", "titled Bloom & Co". */
export function extractName(prompt: string): string | null {
  const text = tidy(prompt);
  const quoted = /\b(?:called|named|titled|name it|call it|brand(?:ed)? as)\s+["']([^"']{2,40})["']/i.exec(text);
  if (quoted) return quoted[1]!.trim();
  const plain = /\b(?:called|named|titled|name it|call it)\s+([A-Z0-9][\w&'-]*(?:\s+(?:&\s+)?[A-Z0-9][\w&'-]*){0,3})/.exec(text);
  return plain ? plain[1]!.trim() : null;
}

export interface LayoutFlags {
  noCards: boolean;
  mobile: boolean;
  minimal: boolean;
}

export function extractFlags(prompt: string): LayoutFlags {
  const text = normalise(prompt);
  return {
    noCards: /\bno cards?\b|\bwithout (?:any )?cards\b|\bcard-?less\b|\bflat (?:layout|design|ui)\b|\bavoid cards\b/.test(text),
    mobile:
      /\bmobile[- ](?:optimi[sz]ed|first|friendly|ready)\b|\boptimi[sz]ed for (?:mobile|phones?)\b|\bon (?:their |a )?phones?\b|\bfor phones\b|\bmobile app\b/.test(
        text,
      ),
    minimal: /\bminimal(?:ist|istic)?\b|\bclean\b|\bplenty of white ?space\b|\bsimple design\b/.test(text),
  };
}

/** "200 KB", "1.5 MB" → bytes (decimal units, as file managers and the compressor show them). */
export function extractTargetSize(prompt: string): number | null {
  const m = /(\d+(?:[.,]\d+)?)\s*(kb|kib|kilobytes?|mb|mib|megabytes?)\b/i.exec(prompt);
  if (!m) return null;
  const n = Number(m[1]!.replace(',', '.'));
  const bytes = /^m/i.test(m[2]!) ? n * 1_000_000 : n * 1000;
  return bytes >= 5_000 && bytes <= 50_000_000 ? Math.round(bytes) : null;
}

/** Kanban columns: "Columns for To do, In progress, In review and Done", "stages: Idea, Draft, Live". */
export function extractColumns(prompt: string): string[] {
  const text = tidy(prompt);
  const m =
    /\b(?:columns?|stages|lists|lanes|statuses)\s*(?:for|named|called|like|such as|of|:)?\s*([^.;]+?)(?=\s+(?:hold|holds|that|which|where|with|to|containing|for)\b|[.;]|$)/i.exec(
      text,
    );
  if (!m) return [];
  const items = splitList(m[1]!.replace(/^(?:the\s+)?/i, ''))
    .map((s) => sentenceCase(s.replace(/^["']|["']$/g, '')))
    .filter((s) => s.length > 0 && s.length <= 24);
  return items.length >= 2 && items.length <= 8 ? items : [];
}

/** What each kanban card shows: "each card shows the task title, client, assignee and due date". */
export function extractCardFields(prompt: string): string[] {
  const text = normalise(prompt);
  const m = /\bcards?\s+(?:shows?|displays?|has|have|includes?|contains?|lists?|with)\s+([^.;]+?)(?=\s+(?:that|which|so|and can|can)\b|[.;]|$)/.exec(text);
  if (!m) return [];
  return splitList(m[1]!)
    .map((s) => fieldWords(s.replace(/^(?:the|a|an|its|their)\s+task\s+/, '').replace(/^task\s+/, '')))
    .filter((s): s is string => !!s && !/^(?:title|name|task)$/.test(s))
    .slice(0, 6);
}
