// Page sections named in a prompt or a follow-up ("a testimonials section", "opening hours and a
// map", "add an FAQ"). The ids are the landing family's section library.

import { normalise } from './text';

const SECTION_IDS = [
  'hero',
  'about',
  'features',
  'services',
  'menu',
  'gallery',
  'curriculum',
  'team',
  'dates',
  'stats',
  'testimonials',
  'pricing',
  'hours',
  'location',
  'faq',
  'contact',
  'signup',
  'cta',
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export const SECTION_NAMES: Record<SectionId, string> = {
  hero: 'hero',
  about: 'about',
  features: 'features',
  services: 'services',
  menu: 'menu',
  gallery: 'gallery',
  curriculum: 'curriculum',
  team: 'team',
  dates: 'upcoming dates',
  stats: 'results in numbers',
  testimonials: 'testimonials',
  pricing: 'pricing',
  hours: 'opening hours',
  location: 'map and location',
  faq: 'FAQ',
  contact: 'contact form',
  signup: 'sign-up',
  cta: 'call to action',
};

const PATTERNS: Record<SectionId, RegExp> = {
  hero: /\bhero\b|\bheadline\b|\bbanner\b/,
  about: /\babout(?: (?:us|me|section|the (?:coach|team|founder|studio|shop)))?\b|\bour story\b|\bbio\b/,
  features: /\bfeatures?\b|\bbenefits\b|\bhow it works\b/,
  services: /\bservices?\b|\bprogrammes?\b|\bprograms?\b|\bofferings?\b|\bpackages\b|\btreatments\b/,
  menu: /\bmenu\b|\bdrinks list\b/,
  gallery: /\bgallery\b|\bportfolio\b|\bshowcase\b|\bphotos\b|\bour work\b/,
  curriculum: /\bcurriculum\b|\bsyllabus\b|\bmodules\b|\bwhat you(?:'ll| will) learn\b|\bcourse outline\b/,
  team: /\bteam\b|\binstructors?\b|\bbios\b|\bstaff\b|\bmeet the\b|\btrainers\b/,
  dates: /\bupcoming dates\b|\bdates\b|\bcohorts?\b|\bschedule\b|\bupcoming events\b|\btimetable\b/,
  stats: /\bstats\b|\bstatistics\b|\bin numbers\b|\bnumbers\b/,
  testimonials: /\btestimonials?\b|\breviews\b|\bclient stories\b|\bsuccess stories\b|\bwhat (?:clients|customers) say\b/,
  pricing: /\bpric(?:ing|es)\b|\bplans\b|\btiers\b|\brates\b/,
  hours: /\bopening (?:hours|times)\b|\bhours\b/,
  location: /\bmap\b|\blocation\b|\bdirections\b|\bfind us\b|\baddress\b/,
  faq: /\bfaqs?\b|\bfrequently asked\b|\bquestions and answers\b|\bq ?& ?a\b/,
  contact: /\bcontact(?: form| us| section| details)?\b|\bget in touch\b/,
  signup: /\bwait ?list\b|\bsign[- ]?ups?\b|\bnewsletter\b|\bsubscribe\b|\bcollects? (?:\w+ )?emails\b|\bearly access\b/,
  cta: /\bcall[- ]to[- ]action\b|\bctas?\b/,
};

/** Sections the text names, in page order. */
export function extractSections(text: string): SectionId[] {
  const t = normalise(text);
  return SECTION_IDS.filter((id) => PATTERNS[id].test(t));
}

/** The one section a follow-up is about ("add an FAQ section" → faq), or null. */
export function sectionIn(text: string): SectionId | null {
  const t = normalise(text);
  let best: { id: SectionId; at: number } | null = null;
  for (const id of SECTION_IDS) {
    const m = PATTERNS[id].exec(t);
    if (m && (best === null || m.index < best.at)) best = { id, at: m.index };
  }
  return best?.id ?? null;
}

/** "an FAQ section", "a pricing section". */
export function sectionPhrase(id: SectionId): string {
  const name = SECTION_NAMES[id];
  return `${/^(?:[aeiou]|FAQ)/i.test(name) ? 'an' : 'a'} ${name} section`;
}
