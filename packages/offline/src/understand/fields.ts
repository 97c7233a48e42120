// Form fields people name in prompts ("name, email and phone number", "name/email/phone") and in
// follow-ups ("add a company field"): canonical field definitions for the generated forms.

import { camel, normalise, sentenceCase } from './text';

type FieldType = 'text' | 'email' | 'tel' | 'number' | 'date' | 'time' | 'textarea' | 'url';

/** Mirrors the generated app's `Field` type (client/src/lib/fields.ts). */
export interface FieldSpec {
  name: string;
  label: string;
  type: FieldType;
  required?: boolean;
  placeholder?: string;
}

type Known = readonly [pattern: string, field: FieldSpec];

// Patterns are regex sources matched on normalised text; order matters (longest phrases first).
const KNOWN: readonly Known[] = [
  ['date of birth|birthday|dob', { name: 'birthday', label: 'Date of birth', type: 'date' }],
  ['(?:full |first |your )?names?', { name: 'name', label: 'Full name', type: 'text', required: true, placeholder: 'Alex Morgan' }],
  ['e-?mails?(?: address(?:es)?)?', { name: 'email', label: 'Email', type: 'email', required: true, placeholder: 'you@example.com' }],
  [
    '(?:tele)?phone(?: numbers?)?|mobile(?: numbers?)?|cell(?: numbers?)?',
    { name: 'phone', label: 'Phone', type: 'tel', required: true, placeholder: '+1 555 010 0199' },
  ],
  ['(?:postal |street |home )?address(?:es)?', { name: 'address', label: 'Address', type: 'text', placeholder: '12 High Street' }],
  ['company(?: name)?|business name|organi[sz]ation', { name: 'company', label: 'Company', type: 'text', placeholder: 'Acme Ltd' }],
  ['messages?|comments?|questions?', { name: 'message', label: 'Message', type: 'textarea', placeholder: 'Anything we should know?' }],
  ['notes?', { name: 'notes', label: 'Notes', type: 'textarea', placeholder: 'Optional details' }],
  ['(?:number of )?guests|party size|group size', { name: 'guests', label: 'Guests', type: 'number', placeholder: '2' }],
  ['budget', { name: 'budget', label: 'Budget', type: 'number', placeholder: '1000' }],
  ['website|url', { name: 'website', label: 'Website', type: 'url', placeholder: 'https://' }],
  ['city|town', { name: 'city', label: 'City', type: 'text' }],
  ['country', { name: 'country', label: 'Country', type: 'text' }],
  ['post ?codes?|zip(?: codes?)?', { name: 'postcode', label: 'Postcode', type: 'text' }],
  ['(?:preferred |wedding |event )?dates?', { name: 'date', label: 'Date', type: 'date' }],
  ['(?:preferred |pickup |pick-up )?times?', { name: 'time', label: 'Time', type: 'time' }],
  ['ages?', { name: 'age', label: 'Age', type: 'number' }],
  ['(?:fitness )?goals?', { name: 'goal', label: 'Your goal', type: 'textarea', placeholder: 'What would you like to achieve?' }],
  ['job title|role|position', { name: 'role', label: 'Job title', type: 'text' }],
  ['quantity|amount', { name: 'quantity', label: 'Quantity', type: 'number' }],
];

const FIELD_RE = new RegExp(`\\b(?:${KNOWN.map(([p]) => `(${p})`).join('|')})\\b`, 'g');
const SEPARATOR = /^(?:\s*(?:,|\/|&|\+|\band\b|\bor\b|\btheir\b|\byour\b|\ba\b|\ban\b|\bthe\b)\s*)+$/;

function knownAt(match: RegExpMatchArray): FieldSpec {
  const index = match.slice(1).findIndex((g) => g !== undefined);
  return { ...KNOWN[index]![1] };
}

/**
 * Fields named as a list ("name, email and phone number", "name/email/phone"): two or more field
 * words joined only by separators. A lone "name" elsewhere in the prompt is not a field request.
 */
export function extractFormFields(prompt: string): FieldSpec[] {
  const text = normalise(prompt);
  const matches = [...text.matchAll(FIELD_RE)];
  const out: FieldSpec[] = [];
  let run: RegExpMatchArray[] = [];
  const flush = () => {
    if (run.length >= 2)
      for (const m of run) {
        const f = knownAt(m);
        if (!out.some((o) => o.name === f.name)) out.push(f);
      }
    run = [];
  };
  for (const m of matches) {
    const prev = run[run.length - 1];
    if (prev && SEPARATOR.test(text.slice(prev.index! + prev[0].length, m.index))) run.push(m);
    else {
      flush();
      run = [m];
    }
  }
  flush();
  return out;
}

const bare = (words: string) =>
  normalise(words)
    .replace(/^(?:a|an|the|their|your)\s+/, '')
    .replace(/\s+(?:field|input|box)$/, '')
    .trim();

/** The form field these words are exactly ("phone number" → phone), or null. */
export function knownField(words: string): FieldSpec | null {
  const text = bare(words);
  const m = [...text.matchAll(FIELD_RE)].find((x) => x.index === 0 && x[0].length === text.length);
  return m ? knownAt(m) : null;
}

/** A field from a few words ("company", "dietary requirements"): a known one, or a text field. */
export function fieldFromWords(words: string): FieldSpec {
  const known = knownField(words);
  if (known) return known;
  const text = bare(words);
  const type: FieldType = /\b(?:notes?|description|details|comments?|message|requirements|bio|about)\b/.test(text)
    ? 'textarea'
    : /\b(?:count|number|amount|size|price|cost|hours|quantity|age|budget|guests)\b/.test(text)
      ? 'number'
      : /\bdate|day\b/.test(text)
        ? 'date'
        : 'text';
  return { name: camel(text) || 'extra', label: sentenceCase(text) || 'Extra', type };
}
