// A new app from a description: understand it, generate the family's files, and tell the person
// what was built, what was understood from their words and what was not.

import { DATA_RULES_PATH } from '@sprout/core';
import { starterFiles } from '@sprout/template';
import { generateApp } from './families/index';
import { readMarker } from './families/common';
import type { GeneratedApp } from './families/types';
import { CAN_BUILD, tipsLine } from './help';
import { writeAnswer, type EditAction } from '@sprout/engine/protocol';
import { FAMILY_NAMES } from './understand/families';
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
      (p === DATA_RULES_PATH || (p.startsWith('client/src/') && !p.startsWith('client/src/assets/') && !p.startsWith('client/src/components/ui/'))),
  );
}

export function describeBuild(spec: AppSpec, app: GeneratedApp): { intro: string; outro: string } {
  const c = spec.classification;
  const kind = FAMILY_NAMES[spec.family];
  const why = c.confident
    ? `I went by ${joinList(c.matched.slice(0, 4).map((m) => `“${m}”`))} in your message.`
    : `I could not tell exactly what kind of app you want, so I built the closest thing the offline builder makes. It can build ${CAN_BUILD}.`;
  const forWhom =
    spec.subject.subject && spec.family === 'landing'
      ? ` for ${/^(?:a|an|the|my|our)\s/i.test(spec.subject.subject) ? '' : /^[aeiou]/i.test(spec.subject.subject) ? 'an ' : 'a '}${spec.subject.subject}`
      : '';
  const understood = [
    ...(spec.subject.subject
      ? [`For: ${spec.subject.subject}${spec.subject.audience && spec.subject.audience !== spec.subject.subject ? ` (used by ${spec.subject.audience})` : ''}.`]
      : []),
    ...(spec.name ? [`Name: ${spec.name}.`] : []),
    ...app.honoured,
  ];
  const notDone = [...spec.limits, ...app.unsupported];
  const intro = [
    `I built **${app.name}**, ${kind}${forWhom}. ${why}`,
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
  return { intro, outro: tipsLine(spec.family) };
}

export function buildReply(request: string, project: ReadonlyMap<string, string>): string {
  const spec = understand(request);
  const app = generateApp(spec);
  const actions: EditAction[] = [
    ...app.files.map((f): EditAction => ({ type: 'write', path: f.path, content: f.content })),
    ...staleFiles(project, app).map((path): EditAction => ({ type: 'delete', path })),
  ];
  const { intro, outro } = describeBuild(spec, app);
  return writeAnswer({ intro, actions, summary: app.summary, outro });
}
