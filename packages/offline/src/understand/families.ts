// Which kind of app a prompt asks for. Each family has weighted signals (words and phrases); the
// family with the highest total wins, and the matched phrases explain the choice in the chat.

import { normalise } from './text';

const FAMILY_IDS = ['kanban', 'scheduler', 'landing', 'compressor', 'b2b', 'portal', 'consumer', 'internal', 'game', 'collection'] as const;
export type FamilyId = (typeof FAMILY_IDS)[number];

type Signal = readonly [pattern: RegExp, weight: number, label: string];

// Category names of the prompt templates ('Build me a B2B app for …') weigh 10 so that a template
// prompt always lands in its own category even when its details mention other families' words.
const SIGNALS: Record<FamilyId, readonly Signal[]> = {
  kanban: [
    [/\bkanban\b/, 6, 'kanban'],
    [/\btrello\b/, 6, 'Trello-style'],
    [/\bproject manage(?:r|ment)\b/, 4, 'project manager'],
    [/\btask (?:board|manager|management|tracker)\b/, 4, 'task board'],
    [/\bdrag(?:ging)?(?: and | ?& ?|-|\/| n )drop\b/, 2, 'drag and drop'],
    [/\b(?:sprints?|backlog|scrum)\b/, 3, 'sprints'],
    [/\bin progress\b/, 2, 'workflow columns'],
    [/\bboard\b/, 1, 'board'],
    [/\bcolumns?\b/, 1, 'columns'],
  ],
  scheduler: [
    [/\bappointments?\b/, 6, 'appointments'],
    [/\bscheduler\b/, 4, 'scheduler'],
    [/\btime ?slots?\b/, 5, 'time slots'],
    [/\bbook(?:ing)? (?:an? )?(?:appointment|slot|time|session|table|class|visit)s?\b/, 4, 'booking'],
    [/\breservations?\b/, 4, 'reservations'],
    [/\bpick (?:a |the )?date\b/, 3, 'date picker'],
    [/\bavailability\b/, 2, 'availability'],
    [/\bslots?\b/, 2, 'slots'],
    [/\bbookings?\b/, 2, 'bookings'],
    [/\bcalendar\b/, 1, 'calendar'],
  ],
  landing: [
    [/\blanding ?page\b/, 8, 'landing page'],
    [/\bmarketing (?:site|page|website)\b/, 5, 'marketing site'],
    [/\b(?:website|web site|homepage|home page)\b/, 4, 'website'],
    [/\bone-?page(?:r)?\b/, 3, 'one-page site'],
    [/\bhero\b/, 3, 'hero section'],
    [/\bcall[- ]to[- ]action\b|\bcta\b/, 3, 'call to action'],
    [/\bwait ?list\b/, 3, 'waitlist'],
    [/\bportfolio\b/, 3, 'portfolio'],
    [/\btestimonials?\b/, 2, 'testimonials'],
    [/\bsite\b/, 2, 'site'],
  ],
  compressor: [
    [/\bcompress(?:or|ion|es|ing)?\b/, 7, 'compression'],
    [/\bimage (?:optimi[sz]er|resizer|converter|shrinker)\b/, 7, 'image optimiser'],
    [
      /\b(?:shrink|reduce|downsize)(?:ing|s)? (?:my |the |your )?(?:images?|photos?|pictures?|pics|jpe?gs)\b|\bsmaller (?:images?|photos?|pictures?)\b/,
      7,
      'shrinking images',
    ],
    [/\bresiz(?:e|er|ing) (?:images?|photos?|pictures?)\b/, 5, 'image resizing'],
    [/\bfile size\b/, 3, 'file size'],
    [/\b\d+(?:\.\d+)? ?(?:kb|mb)\b/, 2, 'size target'],
    [/\b(?:jpe?g|png|webp)\b/, 1, 'image formats'],
  ],
  b2b: [
    [/\bb2b\b/, 10, 'B2B app'],
    [/\bcrm\b/, 5, 'CRM'],
    [/\bdashboard\b/, 2, 'dashboard'],
    [/\bretainers?\b/, 3, 'retainers'],
    [/\b(?:wholesale|suppliers?|distributors?)\b/, 3, 'wholesale'],
    [/\bfield service\b/, 3, 'field service'],
    [/\bonboarding\b/, 2, 'onboarding'],
    [/\binvoic(?:e|es|ing)\b/, 1, 'invoices'],
    [/\binventory\b/, 1, 'inventory'],
    [/\b(?:orders?|clients?|customers?)\b/, 1, 'business records'],
  ],
  portal: [
    [/\bclient portal\b/, 10, 'client portal'],
    [/\bcustomer portal\b/, 9, 'customer portal'],
    [/\bportal\b/, 6, 'portal'],
    [/\bshares? (?:project )?(?:files|documents)\b/, 2, 'shared files'],
    [/\bmessage thread\b/, 2, 'message thread'],
    [/\bdocuments?\b/, 1, 'documents'],
  ],
  consumer: [
    [/\bconsumer app\b/, 10, 'consumer app'],
    [/\bhabits?\b/, 5, 'habits'],
    [/\bexpenses?\b|\bspending\b/, 5, 'expenses'],
    [/\bsavings?\b|\bsaving for\b/, 4, 'savings'],
    [/\bto-?do(?: list| app)\b|\btodos\b/, 5, 'to-do list'],
    [/\brecipes?\b|\bshopping list\b|\bmeal plan/, 4, 'recipes'],
    [/\bcouch[- ]to[- ]5k\b|\brunners?\b|\bjogging\b/, 4, 'running'],
    [/\bplants?\b/, 3, 'plants'],
    [/\bbudget(?:ing)?\b/, 3, 'budget'],
    [/\bmood\b|\bjournal\b/, 3, 'journal'],
    [/\btracker\b|\bstreaks?\b/, 2, 'tracker'],
  ],
  internal: [
    [/\binternal tool\b/, 10, 'internal tool'],
    [/\badmin(?:istration)?(?: panel| dashboard| tool| table| page)?\b/, 5, 'admin tool'],
    [/\bback[- ]?office\b/, 5, 'back office'],
    [/\bbulk\b/, 3, 'bulk actions'],
    [/\bcsv\b|\bexport\b/, 3, 'CSV export'],
    [/\btriag(?:e|es|ing)\b/, 3, 'triage'],
    [/\beditorial calendar\b/, 3, 'editorial calendar'],
    [/\btickets?\b/, 2, 'tickets'],
    [/\bpipeline\b/, 2, 'pipeline'],
    [/\b(?:equipment|assets)\b/, 2, 'equipment'],
    [/\binventory\b/, 2, 'inventory'],
  ],
  game: [
    [/\btic[- ]?tac[- ]?toe\b|\bnoughts and crosses\b/, 9, 'tic-tac-toe'],
    [/\bsnake\b(?! plant)/, 8, 'snake'],
    [/\bmemory (?:game|match)\b|\bmatching (?:game|pairs)\b|\bconcentration game\b/, 8, 'memory game'],
    [/\bgames?\b/, 8, 'game'],
    [/\b(?:arcade|puzzle)\b/, 4, 'arcade'],
    [/\bhigh ?scores?\b/, 3, 'high score'],
  ],
  // Composed from parts (plan.ts decides from what was asked), never chosen by words alone.
  collection: [],
};

export interface Classification {
  family: FamilyId;
  score: number;
  /** The phrases that counted for the chosen family, for the chat. */
  matched: string[];
  /** Every family's score, best first, with where its first signal starts in the normalised prompt (-1: none). */
  ranked: { family: FamilyId; score: number; first: number }[];
  /** False when nothing matched and the family is a guess. */
  confident: boolean;
}

/**
 * Scores every family. Equal scores go to the family the prompt names first (the person's own
 * order, "a booking page with a dashboard" is a booking page), never to the catalogue's order.
 */
export function classify(prompt: string): Classification {
  const text = normalise(prompt);
  const scores = FAMILY_IDS.map((family) => {
    let score = 0;
    let first = -1;
    const matched: string[] = [];
    for (const [re, weight, label] of SIGNALS[family]) {
      const m = re.exec(text);
      if (m) {
        score += weight;
        matched.push(label);
        if (first === -1 || m.index < first) first = m.index;
      }
    }
    return { family, score, matched, first };
  });
  const ranked = [...scores].sort((a, b) => b.score - a.score || a.first - b.first);
  const best = ranked[0]!;
  const list = ranked.map(({ family, score, first }) => ({ family, score, first }));
  if (best.score === 0) {
    // Nothing to go on: a small personal app is the most useful thing to build on.
    return { family: 'consumer', score: 0, matched: [], ranked: list, confident: false };
  }
  return { family: best.family, score: best.score, matched: best.matched, ranked: list, confident: best.score >= 3 };
}
