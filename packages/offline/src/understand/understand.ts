// One prompt → everything the offline builder reads from it, as plain data (AppSpec). Pure.

import { isDark } from '../theme/color';
import type { PaletteSeed } from '../theme/palettes';
import { PALETTES } from '../theme/palettes';
import { extractColours, seedFromColours, type ColourRequest } from './colours';
import { extractCardFields, extractColumns, extractFlags, extractName, extractSubject, extractTargetSize, type LayoutFlags, type Subject } from './details';
import { classify, type Classification, type FamilyId } from './families';
import { extractFormFields, type FieldSpec } from './fields';
import { extractSections, type SectionId } from './sections';
import { planFor, type Plan } from './plan';
import { normalise } from './text';

export interface AppSpec {
  prompt: string;
  family: FamilyId;
  /** Landing kind, consumer app or game; null for single-shape families. */
  variant: string | null;
  classification: Classification;
  /** What was asked, what will be built for it, and what cannot be (plan.ts). */
  plan: Plan;
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
  limits: Limitation[];
}

/** Something asked that the offline builder does not do: a short name for the reply's first sentence, and the details. */
interface Limitation {
  short: string;
  what: string;
}

// Apps whose data the app's signed-in users share (sign-up, sign-in, live updates), and the scheduler,
// whose free times update live for every visitor: the limits below do not apply to them as stated.
const TEAM: readonly FamilyId[] = ['kanban', 'internal', 'b2b'];

interface Limit {
  test: RegExp;
  short: string;
  what: string;
  /** Only for these families, or for all but these. */
  only?: readonly FamilyId[];
  not?: readonly FamilyId[];
}

const LIMITS: readonly Limit[] = [
  {
    test: /\b(?:log ?in|sign[- ]in|accounts?|passwords?|authenticat\w*|user roles?)\b/,
    short: 'sign-in',
    what: 'sign-in and accounts (this kind of app opens without logging in; each visitor keeps their own data)',
    not: TEAM,
  },
  {
    test: /\b(?:user roles?|permissions?|admin rights)\b/,
    short: 'user roles',
    what: 'user roles (every signed-in user can see and change the same data; only whoever added something can delete it)',
    only: TEAM,
  },
  {
    test: /\b(?:payments?|stripe|paypal|checkout|pay online|credit cards?)\b/,
    short: 'real payments',
    what: 'real payments (amounts and statuses are shown, nothing is charged)',
  },
  {
    test: /\b(?:send|sends|sending|emails? (?:them|the|a)|texts? (?:them|the)|sms)\b[^.]*\b(?:reminders?|notifications?|confirmations?)\b|\bpush notifications?\b/,
    short: 'sending emails or notifications',
    what: 'sending emails, texts or notifications (reminders and confirmations appear in the app)',
  },
  {
    test: /\bsplit(?:ting|ter)?\b[^.]*\b(?:bills?|costs?|expenses?|rent)\b|\b(?:expense|bill|cost) splitt(?:er|ing)\b|\bwho owes\b/,
    short: 'splitting costs between people',
    what: 'splitting costs between people (the app keeps one person’s spending)',
  },
  { test: /\bmaps?\b/, short: 'a map', what: 'an interactive map (the address is shown with a link that opens it in a map)' },
  { test: /\b(?:ai|gpt|chatbot|machine learning|llm)\b/, short: 'AI features', what: 'AI features (they need a connected model)' },
  {
    test: /\b(?:real[- ]time|multiplayer|sync(?:ed|s)? across|collaborat\w+|shared with (?:the )?team)\b/,
    short: 'sharing between people',
    what: 'sharing data between people (each visitor sees only their own)',
    not: [...TEAM, 'scheduler', 'game'],
  },
  {
    test: /\b(?:multiplayer|multi-player|online (?:play|opponents?|matches)|lobby|lobbies|against (?:other|real) (?:people|players)|with friends online)\b/,
    short: 'online multiplayer',
    what: 'playing against other people online (a game here is played on one device)',
    only: ['game'],
  },
  {
    test: /\b(?:weather|stock prices?|exchange rates?|live data|third[- ]party api|integrat\w+ with)\b/,
    short: 'live data',
    what: 'live data from other services',
  },
  { test: /\b(?:video calls?|video chat|livestream\w*)\b/, short: 'video', what: 'video' },
];

const applies = (l: Limit, family: FamilyId) => (!l.only || l.only.includes(family)) && !l.not?.includes(family);

/** Everything the offline builder understands of a first message. */
export function understand(prompt: string): AppSpec {
  const classification = classify(prompt);
  const plan = planFor(prompt, classification);
  const family = plan.family;
  const colours = extractColours(prompt);
  const explicit = seedFromColours(colours.colours);
  const palette = colours.palette && colours.palette !== 'neutral' ? PALETTES[colours.palette] : null;
  const bgDark = explicit?.background ? isDark(explicit.background) : false;
  const text = normalise(prompt);
  const limits = LIMITS.filter((l) => applies(l, family) && l.test.test(text)).map(({ short, what }) => ({ short, what }));
  return {
    prompt,
    family,
    variant: plan.variant,
    classification,
    plan,
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
