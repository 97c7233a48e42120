// Within a family, which app exactly: the kind of landing page, the consumer app, the game.

import type { FamilyId } from './families';
import { normalise } from './text';

export type LandingVariant = 'service' | 'product' | 'venue' | 'course' | 'portfolio';
export type ConsumerVariant = 'habits' | 'expenses' | 'savings' | 'running' | 'plants' | 'recipes' | 'todo';
export type GameVariant = 'snake' | 'memory' | 'tictactoe';

type Rule<V> = readonly [pattern: RegExp, variant: V];

const LANDING: readonly Rule<LandingVariant>[] = [
  [
    /\b(?:coffee|caf[eé]|restaurant|bakery|bistro|wine bar|cocktail bar|pub|pizzeria|food truck|deli|tea ?room|menu|opening (?:hours|times)|pre-?order)\b/,
    'venue',
  ],
  [/\b(?:bootcamp|course|workshop|classes|class schedule|timetable|curriculum|syllabus|academy|school|cohorts?|instructors?|masterclass)\b/, 'course'],
  [/\b(?:photographer|photography|portfolio|gallery|artist|illustrator|videographer)\b/, 'portfolio'],
  [/\b(?:app launch|launch|saas|startup|waitlist|wait list|pricing tiers|software|product|beta|download the app)\b/, 'product'],
  [
    /\b(?:coach|coaching|trainer|therapist|consultant|consulting|freelancer?|agency|studio|clinic|dentist|salon|spa|plumber|electrician|lawyer|accountant|tutor|service|services|initial call|consultation|programmes?|programs?)\b/,
    'service',
  ],
];

const CONSUMER: readonly Rule<ConsumerVariant>[] = [
  [/\b(?:recipes?|fridge|cook(?:s|ing)?|meals?|shopping list|groceries|grocery|ingredients?)\b/, 'recipes'],
  [/\b(?:savings?|saving for|deposits?|piggy bank|savings goal)\b/, 'savings'],
  [/\b(?:runners?|running|couch[- ]to[- ]5k|5k|jog(?:ging)?|marathon)\b/, 'running'],
  [/\b(?:plants?|watering|garden(?:ing)?|succulents?)\b/, 'plants'],
  [/\b(?:expenses?|spending|budget(?:ing)?|money|finances?|receipts?)\b/, 'expenses'],
  [/\b(?:habits?|streaks?|routines?|daily goals?)\b/, 'habits'],
  [/\b(?:to-?dos?|tasks?|checklists?|reminders?)\b/, 'todo'],
];

const GAME: readonly Rule<GameVariant>[] = [
  [/\btic[- ]?tac[- ]?toe\b|\bnoughts and crosses\b|\bx(?:'s)? and o(?:'s)?\b/, 'tictactoe'],
  [/\bmemory\b|\bmatching\b|\bconcentration\b|\bpairs\b|\bflip(?:ping)? cards\b/, 'memory'],
  [/\bsnake\b/, 'snake'],
  [/\bpuzzle\b|\bcards?\b/, 'memory'],
  [/\btwo[- ]players?\b|\b2[- ]players?\b|\bboard game\b/, 'tictactoe'],
];

function pick<V>(text: string, rules: readonly Rule<V>[], fallback: V): V {
  for (const [re, v] of rules) if (re.test(text)) return v;
  return fallback;
}

function landingVariant(prompt: string): LandingVariant {
  return pick(normalise(prompt), LANDING, 'product');
}

export function consumerVariant(prompt: string): ConsumerVariant {
  return pick(normalise(prompt), CONSUMER, 'habits');
}

function gameVariant(prompt: string): GameVariant {
  return pick(normalise(prompt), GAME, 'snake');
}

/** The variant of any family, or null for families that have one shape. */
export function variantOf(family: FamilyId, prompt: string): string | null {
  if (family === 'landing') return landingVariant(prompt);
  if (family === 'consumer') return consumerVariant(prompt);
  if (family === 'game') return gameVariant(prompt);
  return null;
}
