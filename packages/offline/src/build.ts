// A new app from a description: understand it, generate the family's files, and tell the person
// what was built, what was understood from their words and what was not.

import { DATA_RULES_PATH, isCheckFile } from '@sprout/core';
import { starterFiles } from '@sprout/template';
import { generateApp } from './families/index';
import { readMarker } from './families/common';
import type { GeneratedApp } from './families/types';
import { tipsLine } from './help';
import { detailsNotApplied } from './reply/details';
import { headline } from './reply/headline';
import { sharingOf } from './reply/sharing';
import { WANT_WORDS } from './understand/ask';
import { writeAnswer, type EditAction } from '@sprout/engine/protocol';
import { joinList } from './understand/text';
import { understand, type AppSpec } from './understand/understand';

const bullets = (items: readonly string[]) => items.map((i) => `- ${i}`).join('\n');

/**
 * Files a new app replaces: the previous offline app's own files, never the template's or uploads.
 * Its data rules too: an app that keeps per-visitor data must not inherit another app's rules.
 */
function staleFiles(project: ReadonlyMap<string, string>, app: GeneratedApp): string[] {
  if (!readMarker(project.get('client/src/config.ts'))) return [];
  const keep = new Set([...starterFiles().map((f) => f.name), ...app.files.map((f) => f.path)]);
  return [...project.keys()].filter(
    (p) =>
      !keep.has(p) &&
      (p === DATA_RULES_PATH ||
        isCheckFile(p) ||
        (p.startsWith('client/src/') && !p.startsWith('client/src/assets/') && !p.startsWith('client/src/components/ui/'))),
  );
}

function describeBuild(spec: AppSpec, app: GeneratedApp, staff: boolean): { intro: string; outro: string } {
  const c = spec.classification;
  const why =
    spec.family !== 'collection' && !spec.plan.cannot && !spec.plan.vague && c.family === spec.family && c.matched.length
      ? ` I went by ${joinList(c.matched.slice(0, 4).map((m) => `“${m}”`))} in your message.`
      : '';
  const understood = [
    ...(spec.subject.subject
      ? [`For: ${spec.subject.subject}${spec.subject.audience && spec.subject.audience !== spec.subject.subject ? ` (used by ${spec.subject.audience})` : ''}.`]
      : []),
    ...(spec.name ? [`Name: ${spec.name}.`] : []),
    ...app.honoured,
  ];
  const notDone = [
    ...spec.plan.missingWants.map((w) => `${WANT_WORDS[w].replace(/^./, (ch) => ch.toUpperCase())}: ${app.name} has no ${w === 'tags' ? 'tags' : w} offline`),
    ...spec.limits.map((l) => l.what),
    ...detailsNotApplied(spec),
    ...app.unsupported,
  ];
  // Who sees what opens the reply; an app other than the one asked for is said first, before anything else.
  const sharing = sharingOf(app.files);
  const honestFirst = !!spec.plan.cannot || spec.plan.vague;
  const intro = [
    ...(sharing && !honestFirst ? [sharing, ''] : []),
    `${headline(spec, app)}${why}`,
    ...(sharing && honestFirst ? ['', sharing] : []),
    '',
    '**What it does**',
    bullets(app.built),
    '',
    '**What I took from your prompt**',
    bullets(understood),
    ...(notDone.length
      ? ['', '**Not built offline**', bullets(notDone.map((n) => n.charAt(0).toUpperCase() + n.slice(1) + (/[.)]$/.test(n) ? '' : '.')))]
      : []),
  ].join('\n');
  return { intro, outro: tipsLine(spec.family, staff) };
}

/** A built app, and whether it stands in for what was asked (an app it cannot make, or a guess). */
export interface BuiltReply {
  text: string;
  substituted: boolean;
}

export function buildReply(request: string, project: ReadonlyMap<string, string>, staff = false): BuiltReply {
  const spec = understand(request);
  const app = generateApp(spec);
  const actions: EditAction[] = [
    ...app.files.map((f): EditAction => ({ type: 'write', path: f.path, content: f.content })),
    ...staleFiles(project, app).map((path): EditAction => ({ type: 'delete', path })),
  ];
  const { intro, outro } = describeBuild(spec, app, staff);
  return { text: writeAnswer({ intro, actions, summary: app.summary, outro }), substituted: !!spec.plan.cannot || spec.plan.vague };
}
