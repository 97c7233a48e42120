// A plan's questions: only what is genuinely open in the request (who sees a list, what else it
// should have, its look) and only answers the offline builder acts on. Every suggested answer is
// tried before it is offered: appended to the request as an approved plan sends it, it must build
// the same kind of app, changed as the answer says. A question left with fewer than two such
// answers is not asked.

import type { PlanQuestion } from '@sprout/core/contract';
import { compose, type Composition } from '../families/collection/compose';
import type { RecordFieldSpec } from '../understand/entities';
import { buildApp, sameFiles, withAnswer, type BuiltApp } from './built-app';

interface Candidate {
  answer: string;
  /** Whether the build with this answer shows it (`before`: the build without). */
  acts: (after: BuiltApp, before: BuiltApp) => boolean;
}

interface Draft {
  id: string;
  text: string;
  candidates: Candidate[];
}

const composed = (b: BuiltApp): Composition | null => (b.spec.family === 'collection' ? compose(b.spec) : null);

/** Same kind of app, still one the builder can make. */
function sameKind(after: BuiltApp, before: BuiltApp): boolean {
  const s = after.spec;
  if (s.plan.cannot || s.plan.vague || s.family !== before.spec.family || s.variant !== before.spec.variant) return false;
  if (s.limits.length !== before.spec.limits.length) return false;
  const [a, b] = [composed(after), composed(before)];
  return !a || !b || (a.entity.id === b.entity.id && a.form === b.form && a.collection === b.collection);
}

const unchanged: Candidate['acts'] = (after, before) => sameFiles(after, before);

function sharingDraft(c: Composition): Draft | null {
  if (c.form || c.sharing !== 'personal') return null;
  const sharing = (s: Composition['sharing']) => (after: BuiltApp) => composed(after)?.sharing === s;
  return {
    id: 'sharing',
    text: `Who should see the ${c.entity.plural}?`,
    candidates: [
      { answer: 'Only me: each visitor keeps their own', acts: sharing('personal') },
      { answer: 'My team or family: everyone signs in and sees all of them', acts: sharing('team') },
      { answer: 'Everyone who visits: anyone can see them and add their own', acts: sharing('public') },
    ],
  };
}

const isNumber = (f: RecordFieldSpec) => f.type === 'number' || f.type === 'rating';

function extrasDraft(c: Composition): Draft | null {
  if (c.form) return null;
  const y = c.chart ? undefined : (c.fields.filter(isNumber).find((f) => f.name === c.entity.chartOf) ?? c.fields.find(isNumber));
  const candidates: Candidate[] = [
    ...(y ? [{ answer: `A chart of ${y.label.toLowerCase()} over time`, acts: (after: BuiltApp) => composed(after)?.chart?.field === y.name }] : []),
    ...(c.tags ? [] : [{ answer: 'Tags, with a filter by tag', acts: (after: BuiltApp) => !!composed(after)?.tags }]),
  ];
  if (!candidates.length) return null;
  return { id: 'extras', text: 'What else should it have?', candidates: [...candidates, { answer: 'Nothing more', acts: unchanged }] };
}

// Palettes offered when the request names no colours: [answer, palette the builder reads from it].
const LOOKS: readonly (readonly [string, string])[] = [
  ['Calm, soft colours', 'calm'],
  ['Bold, vibrant colours', 'vibrant'],
  ['Earthy tones', 'earthy'],
  ['Ocean blues', 'ocean'],
];

function lookDraft(b: BuiltApp): Draft | null {
  const s = b.spec;
  if (s.colours.colours.length || s.colours.palette || s.dark !== null) return null;
  const css = b.files.get('client/src/index.css') ?? '';
  const palettes = LOOKS.filter(([, id]) => !css.includes(`Theme: ${id} palette`)).slice(0, 2);
  return {
    id: 'look',
    text: 'Which look do you prefer?',
    candidates: [
      { answer: 'Sprout’s choice', acts: unchanged },
      { answer: 'A dark theme', acts: (after) => after.spec.dark === true },
      ...palettes.map(([answer, id]) => ({ answer, acts: (after: BuiltApp) => after.spec.colours.palette === id })),
    ],
  };
}

/** The answers of a draft the builder acts on; null when fewer than two are left. */
function verified(request: string, before: BuiltApp, draft: Draft): PlanQuestion | null {
  const options = draft.candidates
    .filter((c) => {
      const after = buildApp(withAnswer(request, draft.text, c.answer));
      return sameKind(after, before) && c.acts(after, before);
    })
    .map((c) => c.answer);
  return options.length >= 2 ? { id: draft.id, text: draft.text, options: options.slice(0, 4) } : null;
}

/** Up to three questions for a new app's plan, each with two to four answers the builder acts on. */
export function questionsFor(request: string, before: BuiltApp): PlanQuestion[] {
  const c = composed(before);
  const drafts = [...(c ? [sharingDraft(c), extrasDraft(c)] : []), lookDraft(before)].filter((d): d is Draft => !!d);
  return drafts
    .map((d) => verified(request, before, d))
    .filter((q): q is PlanQuestion => !!q)
    .slice(0, 3);
}
