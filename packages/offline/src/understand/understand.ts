// One prompt → everything the offline builder reads from it, as plain data (AppSpec). Pure.

import { isDark } from '../theme/color';
import type { PaletteSeed } from '../theme/palettes';
import { PALETTES } from '../theme/palettes';
import { extractColours, seedFromColours, type ColourRequest } from './colours';
import { extractCardFields, extractColumns, extractFlags, extractName, extractSubject, extractTargetSize, type LayoutFlags, type Subject } from './details';
import { classify, type Classification, type FamilyId } from './families';
import { extractFormFields, type FieldSpec } from './fields';
import { extractSections, type SectionId } from './sections';
import { normalise } from './text';
import { variantOf } from './variants';

export interface AppSpec {
  prompt: string;
  family: FamilyId;
  /** Landing kind, consumer app or game; null for single-shape families. */
  variant: string | null;
  classification: Classification;
  /** A name the person gave explicitly. */
  name: string | null;
  subject: Subject;
  colours: ColourRequest;
  /** The palette asked for (colours beat palette words); null → the family's own default. */
  seed: PaletteSeed | null;
  /** 'neutral' palette words ask for the template's own greys. */
  neutral: boolean;
  /** Dark UI asked for (true), light asked for (false), or not said (null). */
  dark: boolean | null;
  flags: LayoutFlags;
  fields: FieldSpec[];
  sections: SectionId[];
  columns: string[];
  cardFields: string[];
  targetBytes: number | null;
  /** Things the prompt asks for that the offline builder cannot really do, phrased for the chat. */
  limits: string[];
}

const LIMITS: readonly (readonly [RegExp, string])[] = [
  [
    /\b(?:log ?in|sign[- ]in|accounts?|passwords?|authenticat\w*|user roles?)\b/,
    'sign-in and accounts (the app opens without logging in and keeps its data in this browser)',
  ],
  [/\b(?:payments?|stripe|paypal|checkout|pay online|credit cards?)\b/, 'real payments (amounts and statuses are shown, nothing is charged)'],
  [
    /\b(?:send|sends|sending|emails? (?:them|the|a)|texts? (?:them|the)|sms)\b[^.]*\b(?:reminders?|notifications?|confirmations?)\b|\bpush notifications?\b/,
    'sending emails, texts or notifications (reminders and confirmations appear in the app)',
  ],
  [/\bmaps?\b/, 'an interactive map (the address is shown with a link that opens it in a map)'],
  [/\b(?:ai|gpt|chatbot|machine learning|llm)\b/, 'AI features (they need a connected model)'],
  [
    /\b(?:real[- ]time|multiplayer|sync(?:ed|s)? across|collaborat\w+|shared with (?:the )?team)\b/,
    'syncing between people or devices (data is saved in this browser only)',
  ],
  [/\b(?:weather|stock prices?|exchange rates?|live data|third[- ]party api|integrat\w+ with)\b/, 'live data from other services'],
  [/\b(?:video calls?|video chat|livestream\w*)\b/, 'video'],
];

/** Everything the offline builder understands of a first message. */
export function understand(prompt: string): AppSpec {
  const classification = classify(prompt);
  const family = classification.family;
  const colours = extractColours(prompt);
  const explicit = seedFromColours(colours.colours);
  const palette = colours.palette && colours.palette !== 'neutral' ? PALETTES[colours.palette] : null;
  const bgDark = explicit?.background ? isDark(explicit.background) : false;
  const text = normalise(prompt);
  const limits = LIMITS.filter(([re]) => re.test(text)).map(([, what]) => what);
  return {
    prompt,
    family,
    variant: variantOf(family, prompt),
    classification,
    name: extractName(prompt),
    subject: extractSubject(prompt),
    colours,
    seed: explicit ? { ...palette, ...explicit } : palette,
    neutral: colours.palette === 'neutral' && !explicit,
    dark: colours.mode === 'dark' || bgDark || (colours.palette === 'neon' && colours.mode !== 'light') ? true : colours.mode === 'light' ? false : null,
    flags: extractFlags(prompt),
    fields: extractFormFields(prompt),
    sections: extractSections(prompt),
    columns: extractColumns(prompt),
    cardFields: extractCardFields(prompt),
    targetBytes: extractTargetSize(prompt),
    limits,
  };
}
