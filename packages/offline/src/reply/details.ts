// The details a prompt asks for besides the kind of app ("mobile-first", "minimalist", "no cards",
// named fields, page sections, board columns, a target size) and whether the app built really
// applies each one. A detail the app does not apply is said so, never listed as taken.

import type { FamilyId } from '../understand/families';
import { SECTION_NAMES } from '../understand/sections';
import { joinList } from '../understand/text';
import type { AppSpec } from '../understand/understand';

interface Detail {
  asked: (spec: AppSpec) => boolean;
  /** The families whose apps act on it (change something because it was asked). */
  appliedBy: readonly FamilyId[];
  /** Why it is not in this app, for the reply. */
  notDone: (spec: AppSpec) => string;
}

const DETAILS: readonly Detail[] = [
  {
    asked: (s) => s.flags.mobile,
    appliedBy: [],
    notDone: () => '“Mobile-first” or “mobile-optimised”: I did not change anything for it; the layout is the usual one that adapts to phones',
  },
  {
    asked: (s) => s.flags.minimal,
    appliedBy: [],
    notDone: (s) =>
      s.neutral
        ? '“Minimalist”: only the colours follow it (neutral greys); I cannot restyle the layout offline'
        : '“Minimalist”: I cannot restyle an app offline; it has its usual look',
  },
  {
    asked: (s) => s.flags.noCards,
    appliedBy: ['compressor'],
    notDone: () => '“No cards”: only the image compressor has a card-free layout offline',
  },
  {
    asked: (s) => s.fields.length >= 2 && s.family !== 'collection',
    appliedBy: ['scheduler', 'landing', 'portal', 'b2b', 'internal'],
    notDone: (s) => `The fields you named (${joinList(s.fields.map((f) => f.label.toLowerCase()))}): this app has no form for them`,
  },
  {
    asked: (s) => s.sections.some((id) => id !== 'hero' && id !== 'cta'),
    appliedBy: ['landing'],
    notDone: (s) =>
      `Page sections (${joinList(s.sections.filter((id) => id !== 'hero' && id !== 'cta').map((id) => SECTION_NAMES[id]))}): only landing pages have sections`,
  },
  {
    asked: (s) => s.columns.length >= 2,
    appliedBy: ['kanban', 'collection'],
    notDone: (s) => `The columns you named (${joinList(s.columns)}): this app has no board`,
  },
  {
    asked: (s) => s.targetBytes !== null,
    appliedBy: ['compressor'],
    notDone: () => 'The file size target: only the image compressor uses one',
  },
];

/** The details the prompt asked for that the app being built does not apply. */
export function detailsNotApplied(spec: AppSpec): string[] {
  return DETAILS.filter((d) => d.asked(spec) && !d.appliedBy.includes(spec.family)).map((d) => d.notDone(spec));
}
