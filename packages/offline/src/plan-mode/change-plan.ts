// The plan for a change to an app the offline builder made: it runs the change the way a build would
// (follow-up/reply.ts, each intent on the files the previous one left) without answering with it,
// and describes the outcome: what would change, the data it touches (new fields marked), and what
// it cannot do offline, said plainly.

import type { Plan } from '@sprout/core/contract';
import { applyEdits } from '@sprout/engine/protocol';
import { readMarker } from '../families/common';
import { detectIntents } from '../follow-up/intents';
import { runIntent, SMALL_TALK, unhandledClauses } from '../follow-up/reply';
import { followUpTips } from '../help';
import type { FamilyId } from '../understand/families';
import { joinList } from '../understand/text';
import { designOf } from './plan-design';
import { keptCollections, planDataOf, type PlanData } from './plan-data';

const CONFIG = 'client/src/config.ts';

// Past tense of the follow-up handlers' messages → what the plan would do.
const PLANNED: Record<string, string> = { Added: 'add', Removed: 'remove', Renamed: 'rename', Switched: 'switch', Changed: 'change' };

/** "Added a **Size** field (text) to the records." → "add a Size field (text) to the records". */
export function asPlanned(message: string): string {
  return message
    .replace(/\*\*/g, '')
    .replace(/\.$/, '')
    .replace(/^(Added|Removed|Renamed|Switched|Changed)\b/, (verb) => PLANNED[verb]!);
}

/** The app's name, as its page title has it. */
export function appTitle(files: ReadonlyMap<string, string>): string {
  const title = /<title>([^<]*)<\/title>/.exec(files.get('client/index.html') ?? '')?.[1]?.trim();
  const text = title
    ?.replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
  return text || 'the app';
}

/** Collections the change adds or alters, as they would be after it; fields it adds are marked new. */
function changedData(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): PlanData[] {
  const was = new Map(keptCollections(before).map((k) => [k.collection, k]));
  return keptCollections(after)
    .filter((k) => JSON.stringify(was.get(k.collection)) !== JSON.stringify(k))
    .map((k) => {
      const old = was.get(k.collection);
      // Only a list that grew has new fields: a renamed key is the same field under a new name.
      const grew = !old || k.fields.length > old.fields.length;
      const fresh = new Set(grew ? k.fields.filter((f) => !old?.fields.some((o) => o.name === f.name)).map((f) => f.name) : []);
      return planDataOf(k, fresh);
    });
}

export function changePlan(request: string, files: ReadonlyMap<string, string>): Plan {
  const family = readMarker(files.get(CONFIG))?.family ?? null;
  const name = appTitle(files);
  let current: ReadonlyMap<string, string> = files;
  const done: string[] = [];
  const skipped: string[] = [];
  const intents = detectIntents(request);
  for (const intent of intents) {
    const r = runIntent(intent, current);
    (r.done ? done : skipped).push(r.message);
    if (r.changes.length) current = applyEdits(current, r.changes).files;
  }
  const excerpt = request.trim().replace(/\s+/g, ' ').slice(0, 140);
  const tips = `Offline it can ${joinList(followUpTips(family), 'or')}.`;
  if (!intents.length && SMALL_TALK.test(request)) return changeOf(`Nothing to change in ${name}. ${tips}`, current, family, []);
  const rest = intents.length ? unhandledClauses(request) : [excerpt];
  const cannot = rest.length ? [`Without a model, Sprout can’t ${joinList(rest.map((c) => `“${c}”`))}.`] : [];
  const summary = done.length
    ? [`I’ll change ${name}: ${joinList(done.map(asPlanned))}.`, ...(skipped.length ? [`Not done: ${skipped.join(' ')}`] : []), ...cannot].join(' ')
    : [`Nothing would change in ${name}.`, ...skipped, ...cannot, tips].join(' ');
  return changeOf(summary, current, family, changedData(files, current));
}

/** A change's plan: no new screens, integrations or questions; the data it touches and the design as they will be. */
function changeOf(summary: string, after: ReadonlyMap<string, string>, family: FamilyId | null, data: PlanData[]): Plan {
  return { summary, screens: [], data, integrations: [], design: designOf(after, { family }), questions: [] };
}
