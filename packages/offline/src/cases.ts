// The prompts the offline builder is tested with (unit builds, type-checks).

import { composeTemplatePrompt, QUICK_START_CHIPS, TEMPLATE_CATEGORIES } from '@sprout/core';

const CATEGORY_FAMILY: Record<string, string> = {
  'b2b app': 'b2b',
  'client portal': 'portal',
  'consumer app': 'consumer',
  'internal tool': 'internal',
  'landing page': 'landing',
};
const CHIP_FAMILY: Record<string, string> = {
  'agency-project-manager': 'kanban',
  'appointment-scheduler': 'scheduler',
  'fitness-coach-website': 'landing',
  'image-compressor': 'compressor',
};

/** Prompts the catalogue has no app for, each composed from different parts. */
export const COMPOSED: readonly string[] = [
  'a recipe box where I save recipes and filter by tag',
  'i want to log my workouts - exercise, sets, reps, weight - and see a chart of my progress',
  'job application tracker with columns applied / interviewing / offer / rejected',
  'wedding RSVP form that saves the guest name, email, number of guests and dietary needs',
  'movie watchlist with genres and a watched checkbox, filter by watched',
  'mood journal - rate my mood 1-5 each day, show a chart',
  'bug tracker for my side project',
  'my sneaker collection',
  // Shared (core's chooseDataSharing): a team's board with sign-in, a household's list, a public wall.
  'a team standup board',
  'a shared shopping list for our household',
  'a guestbook everyone can sign',
];

export interface OfflineCase {
  prompt: string;
  family: string;
}

/** Every chip and template prompt, with the family each must build. */
export const CATALOGUE_CASES: readonly OfflineCase[] = [
  ...QUICK_START_CHIPS.map((c) => ({ prompt: c.prompt, family: CHIP_FAMILY[c.id]! })),
  ...TEMPLATE_CATEGORIES.flatMap((c) => c.templates.map((t) => ({ prompt: composeTemplatePrompt(c.label, t.for, t.that), family: CATEGORY_FAMILY[c.id]! }))),
];

/** Each game, a few free-form prompts, and apps composed from parts, with the family each must build. */
export const FREE_FORM_CASES: readonly OfflineCase[] = [
  { prompt: 'Build a snake game', family: 'game' },
  { prompt: 'A memory matching game', family: 'game' },
  { prompt: 'Tic-tac-toe against the computer', family: 'game' },
  { prompt: 'A habit tracker with streaks', family: 'consumer' },
  { prompt: 'Track my expenses against a monthly budget in £', family: 'consumer' },
  { prompt: 'A simple to-do list', family: 'consumer' },
  { prompt: 'Something nice for my grandmother', family: 'consumer' },
  { prompt: 'A CRM for a real estate agency with name, email and phone of each lead', family: 'b2b' },
  { prompt: 'An admin tool to manage requests', family: 'internal' },
  { prompt: 'A one-page site for my yoga studio with pricing, FAQ and a contact form', family: 'landing' },
  // Payments in a real app's flow: the deposit goes through the test checkout in the checks.
  { prompt: 'A booking page for my hair salon that takes a $20 deposit when clients book', family: 'scheduler' },
  // Composed from parts (families/collection): one of each part and kind of field.
  ...COMPOSED.map((prompt) => ({ prompt, family: 'collection' })),
];

/** Every case: the catalogue's, then the free-form ones. */
export const CASES: readonly OfflineCase[] = [...CATALOGUE_CASES, ...FREE_FORM_CASES];

/** A landing page's follow-ups, one of each kind of edit: sections, form fields, name, mode, palette. */
export const LANDING_FOLLOW_UPS: readonly string[] = [
  'add a pricing section after the programmes',
  'remove the testimonials',
  'add an FAQ section',
  'add a company field to the booking form',
  'remove the phone field',
  'call it Iron & Oak Coaching',
  'make it light',
  'use navy and gold',
];
