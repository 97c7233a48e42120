// A later message in a project: the edits the offline builder can make (look, name, sections,
// fields), a new app when the message describes one, or an honest answer.

import { readMarker } from '../families/common';
import { CAN_BUILD, CONNECT_HINT, followUpTips } from '../help';
import { applyEdits, writeAnswer, type EditAction } from '@sprout/engine/protocol';
import { classify } from '../understand/families';
import { joinList } from '../understand/text';
import { addField, removeField } from './fields';
import { detectIntents, type Intent } from './intents';
import { setMode, setPalette, type EditResult } from './look';
import { rename } from './rename';
import { addSection, removeSection } from './sections';

/** "Build me a snake game", "Create a landing page for…": a new app, not an edit. */
export function isNewAppRequest(message: string): boolean {
  const starts =
    /^\s*(?:please\s+|can you\s+|could you\s+|now\s+|ok\s+|instead[, ]+)?(?:build|create|make|generate|design|code|develop|write)\b(?:\s+me)?\s+(?:a|an|my|the|some)\b/i.test(
      message,
    );
  return starts && classify(message).score >= 4 && message.trim().split(/\s+/).length >= 3;
}

function run(intent: Intent, files: ReadonlyMap<string, string>): EditResult {
  switch (intent.kind) {
    case 'mode':
      return setMode(files, intent.dark);
    case 'palette':
      return setPalette(files, intent.seed, intent.note);
    case 'rename':
      return rename(files, intent.name);
    case 'add-section':
      return addSection(files, intent.section, intent.after, intent.before);
    case 'remove-section':
      return removeSection(files, intent.section);
    case 'add-field':
      return addField(files, intent.field, intent.form);
    case 'remove-field':
      return removeField(files, intent.name, intent.form);
  }
}

/** Applies the message's intents one after another (each sees the files as the previous left them). */
export function editReply(message: string, files: ReadonlyMap<string, string>, intents: Intent[]): string {
  let current: ReadonlyMap<string, string> = files;
  const changes: EditAction[] = [];
  const done: string[] = [];
  const skipped: string[] = [];
  for (const intent of intents) {
    const r = run(intent, current);
    (r.done ? done : skipped).push(r.message);
    if (r.changes.length) {
      changes.push(...r.changes);
      current = applyEdits(current, r.changes).files;
    }
  }
  const family = readMarker(files.get('client/src/config.ts'))?.family ?? null;
  const intro = [done.length ? `Done. ${done.join(' ')}` : "I didn't change anything.", ...(skipped.length ? ['', skipped.join(' ')] : [])].join('\n');
  const summary = done.length
    ? done
        .map((d) =>
          d
            .replace(/\*\*/g, '')
            .replace(/\s*\(.*?\)\s*/g, ' ')
            .replace(/\.$/, '')
            .trim(),
        )
        .join('; ')
    : undefined;
  return writeAnswer({
    intro,
    actions: changes,
    summary,
    outro: changes.length ? `Other things I can do offline: ${followUpTips(family).join(', ')}.` : undefined,
  });
}

/** Anything the offline builder cannot do: say so, say what it can do, and how to get the rest. */
export function honestReply(message: string, files: ReadonlyMap<string, string>): string {
  const family = readMarker(files.get('client/src/config.ts'))?.family ?? null;
  const excerpt = message.trim().replace(/\s+/g, ' ').slice(0, 140);
  return [
    `Sprout is running its **offline builder**, which works without an AI model. It cannot make changes like “${excerpt}”, so I left the app as it is.`,
    '',
    `What it can do: ${joinList(followUpTips(family))}. It can also start over with a new app if you describe one (${CAN_BUILD}).`,
    '',
    CONNECT_HINT,
    '',
  ].join('\n');
}
