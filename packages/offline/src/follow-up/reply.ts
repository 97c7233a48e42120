// A later message in a project: the edits the offline builder can make (look, name, sections,
// fields), a new app when the message describes one, or an honest answer. A reply says "Done" only
// for what it changed; whatever else the message asked is named as not done.

import { readMarker } from '../families/common';
import { CAN_BUILD, followUpTips, modelNote } from '../help';
import { applyEdits, writeAnswer, type EditAction } from '@sprout/engine/protocol';
import { recordField } from '../understand/record-fields';
import { classify } from '../understand/families';
import { joinList, tidy } from '../understand/text';
import { boardColumnAnswer } from './board-columns';
import { addField, removeField } from './fields';
import { detectIntents, type Intent } from './intents';
import { setMode, setPalette, type EditResult } from './look';
import { rename } from './rename';
import { renameField } from './rename-field';
import { addSection, removeSection } from './sections';

/** "Build me a snake game", "Create a landing page for…", "ok give me snake instead": a new app, not an edit. */
export function isNewAppRequest(message: string): boolean {
  const starts =
    /^\s*(?:please\s+|can you\s+|could you\s+|now\s+|ok(?:ay)?,?\s+|actually,?\s+|instead[, ]+)?(?:(?:build|create|make|generate|design|code|develop|write)\b(?:\s+me)?\s+(?:a|an|my|the|some)\b|give me\b|switch to\b|how about\b|what about\b|let'?s (?:do|try|have|make)\b|i(?:'d)? (?:rather have|prefer)\b)/i.test(
      message,
    );
  return starts && classify(message).score >= 4 && message.trim().split(/\s+/).length >= 3;
}

/** One intent's edit on the files as they are (plan mode runs them too, to describe a change before making it). */
export function runIntent(intent: Intent, files: ReadonlyMap<string, string>): EditResult {
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
    case 'add-field': {
      // "Add a Blocked column" on a board asks for a stage, not a field.
      const board = intent.column ? boardColumnAnswer(files, null, intent.words) : null;
      if (board) return board;
      // Composed apps know more field kinds (ratings, checkboxes) than the generated forms do.
      const composed = readMarker(files.get('client/src/config.ts'))?.family === 'collection';
      return addField(files, composed ? recordField(intent.words) : intent.field, intent.form);
    }
    case 'remove-field':
      return removeField(files, intent.name, intent.form);
    case 'rename-field':
      return renameField(files, intent);
    case 'cannot':
      return { changes: [], message: intent.message, done: false };
  }
}

// Words that make a clause a request ("add a login page"), as opposed to the tail of a name or a colour list.
const REQUEST =
  /\b(?:add|make|change|remove|delete|put|show|create|let|allow|include|move|use|turn|set|give|build|replace|fix|translate|connect|hide|need|want|should|could|can|send|upload|sort|filter|integrate)\b/i;
const CLAUSE = /\s*([,;.!?]+|\band then\b|\bthen\b|\band also\b|\balso\b|\band\b|\bplus\b)\s*/i;

/** The parts of a message asking for something none of its intents did: "add a login page" in "make it dark and add a login page". */
export function unhandledClauses(message: string): string[] {
  // Split with its joining words kept: a clause after "also" is read with it ("I also want to
  // record the supplier" asks for one more field, "want to record the supplier" alone may not).
  const parts = tidy(message).split(CLAUSE);
  const out: string[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const c = parts[i]!.trim();
    const also = /\balso\b/i.test(parts[i - 1] ?? '');
    if (c.split(' ').length >= 2 && REQUEST.test(c) && detectIntents(c).length === 0 && !(also && detectIntents(`also ${c}`).length)) out.push(c);
  }
  return out;
}

/** Applies the message's intents one after another (each sees the files as the previous left them). */
export function editReply(message: string, files: ReadonlyMap<string, string>, intents: Intent[]): string {
  let current: ReadonlyMap<string, string> = files;
  const changes: EditAction[] = [];
  const done: string[] = [];
  const skipped: string[] = [];
  for (const intent of intents) {
    const r = runIntent(intent, current);
    (r.done ? done : skipped).push(r.message);
    if (r.changes.length) {
      changes.push(...r.changes);
      current = applyEdits(current, r.changes).files;
    }
  }
  const rest = unhandledClauses(message);
  if (rest.length) skipped.push(`I can't ${joinList(rest.map((c) => `“${c}”`))} offline.`);
  const family = readMarker(files.get('client/src/config.ts'))?.family ?? null;
  // The first sentence says what changed ("Done: added a Priority field…"), or that nothing did.
  const said = done.join(' ').replace(/^./, (c) => c.toLowerCase());
  const intro = !done.length
    ? `I didn't change anything. ${skipped.join(' ')}`
    : skipped.length
      ? `Partly done: ${said}\n\nNot done: ${skipped.join(' ')}`
      : `Done: ${said}`;
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
    outro: `Other things I can do offline: ${followUpTips(family).join(', ')}.`,
  });
}

export const SMALL_TALK =
  /^\s*(?:thanks?|thank you|thx|ty|cool|nice|great|awesome|ok(?:ay)?|perfect|looks good|lgtm|love it|wow|yes|no|hi|hello|hey)\b[\s!.,:)]*(?:(?:so much|a lot|again|very much)[\s!.]*)?$/i;

/** Anything the offline builder cannot do: say so, say what it can do, and (to staff) how to get the rest. */
export function honestReply(message: string, files: ReadonlyMap<string, string>, staff = false): string {
  const family = readMarker(files.get('client/src/config.ts'))?.family ?? null;
  if (SMALL_TALK.test(message)) return `Nothing to change, then. When you want a change, tell me: ${joinList(followUpTips(family), 'or')}.\n`;
  const excerpt = message.trim().replace(/\s+/g, ' ').slice(0, 140);
  return [
    `I can't do “${excerpt}” offline, so I left the app as it is.`,
    '',
    `Sprout is running its offline builder, which works without an AI model. What it can do: ${joinList(followUpTips(family))}. It can also start over with a new app if you describe one (${CAN_BUILD}).`,
    '',
    modelNote(staff),
    '',
  ].join('\n');
}
