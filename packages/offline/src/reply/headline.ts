// The first sentence of a new app's reply: what was built, and what was asked that it is not, in
// the person's own terms ("I can't build chess offline; here is …"). Everything after it explains.

import type { GeneratedApp } from '../families/types';
import { WANT_WORDS } from '../understand/ask';
import { joinList } from '../understand/text';
import type { AppSpec } from '../understand/understand';

const GAMES_ON_OFFER = 'snake, a memory game or tic-tac-toe';
const APPS_ON_OFFER =
  'a list or log of anything with your own fields, tags, a filter and a chart; a form that saves answers; a kanban board; a booking page; a landing page; a habit, expense or to-do tracker; or a small game';

/** What the app lacks of what was asked, as short phrases ("tags", "sign-in"). */
function missingOf(spec: AppSpec, app: GeneratedApp): string[] {
  return [...new Set([...spec.plan.missingWants.map((w) => WANT_WORDS[w]), ...(app.missing ?? []), ...spec.limits.map((l) => l.short)])];
}

export function headline(spec: AppSpec, app: GeneratedApp): string {
  const built = `**${app.name}**, ${app.kind}`;
  const missing = missingOf(spec, app);
  if (spec.plan.cannot) {
    const offer = spec.family === 'game' ? GAMES_ON_OFFER : APPS_ON_OFFER;
    return `I can't build ${spec.plan.cannot} offline; here is ${built}, or pick one of: ${offer}.`;
  }
  if (spec.plan.vague)
    return `I couldn't tell which app you want, so here is ${built}; describe it in a sentence (for example “a reading list with tags” or “a workout log with a chart”) and I'll build that.`;
  const without = missing.length ? `, without ${joinList(missing, 'or')}: the offline builder can't add ${missing.length > 1 ? 'those' : 'that'}` : '';
  return `I built ${built}${without}.`;
}
