// The honest plan for a request the offline builder cannot make (chess, a chat app, "band voting")
// or cannot make out ("something cool"): it says so, plans nothing, and asks which of the nearest
// apps it can make to build instead (instead-offers.ts).

import { chooseDataSharing, type DataSharing } from '@sprout/core';
import { INSTEAD_QUESTION_ID, type Plan } from '@sprout/core/contract';
import { normalise } from '../understand/text';
import type { AppSpec } from '../understand/understand';
import { type Offer, OFFERS } from './instead-offers';

// When nothing in the request comes close: the apps most people ask for, by who shares the data.
const FALLBACK: Record<DataSharing, string[]> = {
  personal: ['A habit tracker with streaks', 'A simple to-do list', 'A reading list with tags'],
  team: ['A team standup board', 'A shared shopping list for our household', 'A kanban board for my team'],
  public: [
    'A suggestion wall where everyone posts ideas',
    'A guestbook where every visitor can leave a message',
    "A voting form that saves each person's name and their choice",
  ],
  inbox: ["A voting form that saves each person's name and their choice", 'A booking page for appointments', 'A landing page for my shop with a contact form'],
};

/** The three apps nearest to what was asked (the plan offers two to four), each as a request the builder makes on its own. */
export function nearestOffers(request: string, spec: AppSpec): string[] {
  const text = normalise(request);
  const sharing = chooseDataSharing(request);
  // A game it does not have: its games, the closest first.
  if (spec.plan.cannot && spec.plan.ask.game) {
    const games = OFFERS.filter((o) => o.family === 'game');
    return [...games.filter((o) => o.variant === spec.variant), ...games.filter((o) => o.variant !== spec.variant)].map((o) => o.request);
  }
  const score = (o: Offer) =>
    (o.near.test(text) ? 3 : 0) +
    (spec.plan.cannot && o.family === spec.family && (!o.variant || o.variant === spec.variant) ? 2 : 0) +
    (sharing !== 'personal' && o.sharing === sharing ? 1 : 0);
  const ranked = OFFERS.map((o) => ({ o, s: score(o) }))
    .filter((r) => r.s >= 2)
    .sort((a, b) => b.s - a.s)
    .map((r) => r.o.request);
  return [...new Set([...ranked, ...FALLBACK[sharing]])].slice(0, 3);
}

// Words that say nothing about which app ("make me something cool").
const FILLER =
  /^(?:a|an|the|my|our|me|i|we|want|wanna|need|would|like|build|make|create|give|please|pls|can|could|you|some|just|app|application|website|site|web|for|to|of|with|and|thing|things)$/;
const VAGUE = /^(?:something|anything|cool|nice|good|great|fun|awesome|amazing|hello|hi|hey|test|testing|stuff|random|whatever|simple|idea|ideas|useful)$/;

/** What was asked, as the summary names it ("chess", "a band voting app"), or null when it named nothing. */
export function askedFor(request: string, spec: AppSpec): string | null {
  if (spec.plan.cannot) return spec.plan.cannot;
  if (onlyAGuess(spec)) return `a ${spec.plan.ask.subject} app`;
  const words = normalise(request)
    .replace(/[^a-z0-9' -]+/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !FILLER.test(w));
  if (!words.length || words.length > 4 || words.some((w) => VAGUE.test(w))) return null;
  return `a ${words.join(' ')} app`;
}

/** An app the builder would make only by guessing: a composed list of an activity with nothing known about it ("band voting"). */
export function onlyAGuess(spec: AppSpec): boolean {
  const ask = spec.plan.ask;
  const last = ask.subject.split(' ').pop() ?? '';
  return spec.family === 'collection' && ask.entity?.id === 'generic' && ask.shape !== 'form' && !ask.fields.length && /ing$/.test(last);
}

/** The plan that says what cannot be built and offers the nearest apps instead. */
export function insteadPlan(request: string, spec: AppSpec): Plan {
  const what = askedFor(request, spec);
  const excerpt = request.trim().replace(/\s+/g, ' ').slice(0, 100);
  const opening = what ? `Without a model, Sprout can’t build ${what}.` : `Without a model, Sprout can’t tell which app to build from “${excerpt}”.`;
  return {
    summary: `${opening} It can build one of these instead:`,
    screens: [],
    data: [],
    integrations: [],
    design: 'Each of these comes with a look of its own; colours and light or dark can be changed once it is built.',
    questions: [{ id: INSTEAD_QUESTION_ID, text: 'Which of these should I build instead?', options: nearestOffers(request, spec) }],
  };
}
