// What to build for a first message, and what to say could not be built. The catalogue's apps are
// built when the prompt asks for one of them; lists, logs, boards and forms of anything else are
// composed from parts (families/collection); a kind of app the offline builder cannot make at all
// gets the closest thing it can, said plainly in the first sentence of the reply.

import { chooseDataSharing } from '@sprout/core';
import { readAsk, type Ask, type Want } from './ask';
import { ENTITIES } from './entities';
import { classify, type Classification, type FamilyId } from './families';
import { normalise } from './text';
import { consumerVariant, variantOf, type ConsumerVariant } from './variants';

export interface Plan {
  family: FamilyId;
  variant: string | null;
  ask: Ask;
  /** What was asked that the offline builder cannot build at all ("chess", "a chat app"). */
  cannot: string | null;
  /** Nothing in the prompt said which app: the family is a guess. */
  vague: boolean;
  /** Wants of the prompt the built app does not have ("tags", "a chart"). */
  missingWants: Want[];
}

// What each built app really has of the features people ask for by name.
const CAPABILITIES: Partial<Record<string, readonly Want[]>> = {
  kanban: ['board', 'form'],
  scheduler: ['form'],
  landing: ['form'],
  portal: ['form'],
  b2b: ['search', 'filter', 'form', 'chart'],
  internal: ['search', 'filter', 'form'],
  'consumer/todo': ['filter', 'form'],
  'consumer/expenses': ['form', 'chart'],
  'consumer/savings': ['form'],
  'consumer/habits': ['form'],
  'consumer/plants': ['form'],
  'consumer/recipes': [],
  'consumer/running': [],
  game: [],
  compressor: [],
  collection: ['tags', 'filter', 'search', 'chart', 'board', 'form'],
};

const capabilitiesOf = (family: FamilyId, variant: string | null): readonly Want[] => CAPABILITIES[`${family}/${variant}`] ?? CAPABILITIES[family] ?? [];

// Where a kind of app the offline builder cannot make comes closest to one it can.
const CLOSEST: Record<string, { family: FamilyId; variant?: string }> = {
  'an AI chatbot': { family: 'portal' },
  'a chat app': { family: 'portal' },
  'a forum': { family: 'portal' },
  'a social network': { family: 'collection' },
  'a calculator': { family: 'consumer', variant: 'expenses' },
  'a timer': { family: 'consumer', variant: 'todo' },
  'a weather app': { family: 'consumer', variant: 'todo' },
  'a music player': { family: 'collection' },
  'a video app': { family: 'landing' },
  'an online shop': { family: 'landing' },
  'a drawing app': { family: 'game', variant: 'memory' },
  'a quiz': { family: 'game', variant: 'memory' },
  'a password manager': { family: 'consumer', variant: 'todo' },
  'a translator': { family: 'consumer', variant: 'todo' },
  'a dating app': { family: 'landing' },
  'a spreadsheet': { family: 'internal' },
  'a navigation app': { family: 'landing' },
  'a blog platform': { family: 'landing' },
};

// The catalogue's fridge-to-table app is for cooking from what is at home, not for keeping recipes.
const FRIDGE =
  /\bfridge\b|\bmeal plan|\bshopping list\b|\bwhat(?:'s| is| i have)? in (?:my|the) (?:fridge|kitchen|pantry)\b|\bingredients i have\b|\bleftovers\b/;

/** A catalogue family the prompt names before (or without) the thing it asks for, clearly enough to trust. */
function namedFirst(c: Classification, at: number): { family: FamilyId; score: number } | null {
  const top = c.ranked[0]!;
  return c.confident && top.first >= 0 && (at < 0 || top.first <= at) ? top : null;
}

const hasConsumerWords = (text: string) => consumerVariant(text) !== 'habits' || /\bhabits?\b|\bstreaks?\b|\broutines?\b/.test(text);

const variantFor = (family: FamilyId, prompt: string): string | null => variantOf(family, prompt);

function finish(family: FamilyId, variant: string | null, ask: Ask, extra: Partial<Plan> = {}): Plan {
  const has = capabilitiesOf(family, variant);
  return { family, variant, ask, cannot: null, vague: false, missingWants: ask.wants.filter((w) => !has.includes(w)), ...extra };
}

export function planFor(prompt: string, c: Classification = classify(prompt)): Plan {
  const plan = catalogueOrComposed(prompt, c);
  // The catalogue's personal apps keep each visitor's own data: a list a team, a household or every
  // visitor shares (core's chooseDataSharing) is a composed list with shared rules instead.
  const shared = ['team', 'public'].includes(chooseDataSharing(prompt));
  if (plan.family !== 'consumer' || plan.cannot || !shared) return plan;
  // A guess stays a guess (said so) unless the prompt names something a shared list keeps ("a guestbook").
  if (plan.vague) {
    const known = ENTITIES.find((e) => !e.catalogue && !e.form && e.test.test(normalise(prompt)));
    return known ? finish('collection', null, { ...plan.ask, entity: plan.ask.entity ?? known }) : plan;
  }
  // What the catalogue app keeps, kept ("expense splitter for me and my roommates": the roommates' expenses).
  const entity = plan.ask.entity ?? ENTITIES.find((e) => e.catalogue === plan.variant) ?? null;
  return finish('collection', null, { ...plan.ask, entity });
}

function catalogueOrComposed(prompt: string, c: Classification): Plan {
  const ask = readAsk(prompt);
  const text = normalise(prompt);
  const top = c.ranked[0]!;

  // A game the offline builder does not have: the closest one it has, said so.
  if (ask.game && !(top.family !== 'game' && namedFirst(c, text.indexOf(ask.game.name.toLowerCase())))) {
    return finish('game', ask.game.closest, ask, { cannot: ask.game.name });
  }
  // A kind of app it cannot make (a chat app, a calculator) unless the prompt first names one it can
  // ("a landing page for my chat app" is a landing page).
  if (ask.cannot && !namedFirst(c, ask.cannot.at)) {
    const closest = CLOSEST[ask.cannot.what] ?? { family: 'consumer' as const, variant: 'todo' };
    const composed = ask.entity && ask.entity.id !== 'generic' && !ask.entity.catalogue && !ask.entity.form;
    if (composed) return finish('collection', null, ask, { cannot: ask.cannot.what });
    if (closest.family === 'collection') return finish('consumer', 'todo', ask, { cannot: ask.cannot.what });
    return finish(closest.family, closest.variant ?? variantFor(closest.family, prompt), ask, { cannot: ask.cannot.what });
  }
  const named = namedFirst(c, ask.at);
  if (named && named.family !== 'consumer') return finish(named.family, variantFor(named.family, prompt), ask);
  // "Build me a consumer app for plant owners that…": the catalogue's own personal apps.
  if (named?.family === 'consumer' && c.score >= 10 && hasConsumerWords(text)) return finish('consumer', consumerVariant(prompt), ask);

  // A personal app of the catalogue, asked for by its subject ("habit tracker", "to-do list"),
  // unless it is asked with features only a composed list has (a to-do list with tags).
  const catalogue = ask.entity?.catalogue;
  if (catalogue) {
    const plan = finish('consumer', catalogue, ask);
    return plan.missingWants.some((w) => w === 'tags' || w === 'search') ? finish('collection', null, ask) : plan;
  }
  if (c.family === 'consumer' && consumerVariant(prompt) === 'recipes' && FRIDGE.test(text)) return finish('consumer', 'recipes', ask);
  if (ask.entity || ask.shape === 'form') return finish('collection', null, ask);
  if (c.score === 0) return finish('consumer', 'habits' satisfies ConsumerVariant, ask, { vague: true });
  return finish(c.family, variantFor(c.family, prompt), ask);
}
