// What a follow-up message asks for, as data. Pure: the handlers in this folder turn intents into
// edits. A message may carry several ("make it dark and call it Zen").

import { extractColours, seedFromColours } from '../understand/colours';
import { sectionIn } from '../understand/sections';
import { joinList, normalise, tidy } from '../understand/text';
import { isDark } from '../theme/color';
import { PALETTES } from '../theme/palettes';
import { FIELD_TALK, fieldIntent, renameFieldOf } from './field-phrases';
import type { Intent } from './intent';

export type { Intent };

// "Add a dark mode toggle" asks for a control, not for the dark theme: neither pattern takes it.
const SWITCH = /\b(?:toggles?|switch(?:er)?|buttons?|options?|settings?|selectors?)\b/;
const DARK =
  /\b(?:make|turn|switch|change|set|put)\b[^.]*?\b(?:dark(?:er)?|night)\b(?! (?:green|blue|red|grey|gray|brown|purple|navy|teal|orange|pink|colou?r|accents?|text))|\bdark (?:mode|theme|ui|version|look|background|design)\b|\bgo dark\b|^\s*dark(?: mode| please)?[.!]?\s*$/;
const LIGHT =
  /\b(?:make|turn|switch|change|set|put)\b[^.]*?\blight(?:er)?\b(?! (?:green|blue|red|grey|gray|brown|purple|pink|colou?r|accents?|text))|\blight (?:mode|theme|ui|version|look|background|design)\b|\bback to light\b|^\s*light(?: mode| please)?[.!]?\s*$/;
// Parts of a page people name when they want one of them coloured: the offline builder changes the
// whole palette, never one element, so such a request is answered honestly instead.
const ELEMENT =
  /\b(header|heading|headings|title|titles|nav ?bar|navigation|menu bar|menu|side ?bar|footer|cards?|borders?|icons?|logo|hero|banner|tabs?|table header)\b/;

function renameOf(text: string): string | null {
  const patterns = [
    /\b(?:rename|call|name|title)\s+(?:it|this|the\s+(?:app|site|website|page|project|board|portal|game|tool|dashboard|shop|business))\s+(?:to\s+|as\s+)?["'“]?(.+?)["'”]?\s*[.!]?$/i,
    /\bchange\s+(?:the|its)\s+(?:app\s+|site\s+|page\s+)?(?:name|title)\s+to\s+["'“]?(.+?)["'”]?\s*[.!]?$/i,
    /\b(?:the\s+)?(?:name|title)\s+(?:should\s+be|is|to)\s+["'“]?(.+?)["'”]?\s*[.!]?$/i,
    /\brename\s+(?:it\s+)?to\s+["'“]?(.+?)["'”]?\s*[.!]?$/i,
  ];
  for (const re of patterns) {
    const m = re.exec(text);
    // Stop at a joined second request: "call it Zen and make it dark".
    const name = m?.[1]
      ?.split(/\s+(?:and|&)\s+(?:make|turn|switch|change|add|remove|use|set)\b|[,;]\s*(?:and\s+)?(?:make|turn|add|remove|use)\b/i)[0]
      ?.trim()
      .replace(/["'”]+$/, '');
    if (name && name.length <= 60) return name;
  }
  return null;
}

function sectionIntent(text: string): Intent | null {
  const section = sectionIn(text.replace(/\b(?:after|before|below|above|under)\s+(?:the\s+)?[a-z ]+$/, ''));
  if (!section) return null;
  if (/\b(?:remove|delete|drop|hide|get rid of|take out|without)\b/.test(text)) return { kind: 'remove-section', section };
  if (!/\b(?:add|include|insert|put|show|need|want|create)\b/.test(text)) return null;
  const after = /\b(?:after|below|under)\s+(?:the\s+)?(.+)$/.exec(text);
  const before = /\b(?:before|above)\s+(?:the\s+)?(.+)$/.exec(text);
  return { kind: 'add-section', section, after: after ? sectionIn(after[1]!) : null, before: before ? sectionIn(before[1]!) : null };
}

/** Every intent the message carries, in a stable order (look first, then name, content, fields). */
export function detectIntents(message: string): Intent[] {
  const raw = tidy(message);
  const text = normalise(message);
  const out: Intent[] = [];
  // A field's new name is read before the app's: "change the name field to Your name" is no app name.
  const renamedField = renameFieldOf(raw);
  const name = renamedField ? null : renameOf(raw);
  const newName = name ?? (renamedField?.kind === 'rename-field' ? renamedField.to : null);
  // Without the new name, the rest of the message is not mistaken for colours or sections.
  const rest = newName ? normalise(raw.replace(newName, ' ')) : text;
  const colours = extractColours(rest);
  const seed = seedFromColours(colours.colours);
  const element = colours.colours.length && colours.colours.every((c) => c.role === null) ? ELEMENT.exec(rest)?.[1] : undefined;
  if (element) {
    const named = joinList(colours.colours.map((c) => c.name));
    return [
      {
        kind: 'cannot',
        message: `I can't colour just the ${element} offline. I can change the whole palette instead (“use ${named}”), which colours buttons, links and highlights everywhere.`,
      },
    ];
  }
  if (SWITCH.test(rest) && /\b(?:dark|light)\b/.test(rest) && /\b(?:add|put|include|give|want|need)\b/.test(rest))
    return [{ kind: 'cannot', message: "I can't add a dark mode switch offline. I can make the whole app dark (“make it dark”) or light." }];
  // A dark background ("make the background black") means dark mode too.
  const darkBackground = !!seed?.background && isDark(seed.background);
  if (colours.mode === 'dark' || DARK.test(rest) || darkBackground) out.push({ kind: 'mode', dark: true });
  else if (colours.mode === 'light' || LIGHT.test(rest)) out.push({ kind: 'mode', dark: false });
  if (seed)
    out.push({
      kind: 'palette',
      seed: colours.palette && colours.palette !== 'neutral' ? { ...PALETTES[colours.palette], ...seed } : seed,
      note: joinList(colours.colours.map((c) => c.name)),
    });
  else if (colours.palette)
    out.push({
      kind: 'palette',
      seed: colours.palette === 'neutral' ? null : PALETTES[colours.palette],
      note: colours.palette === 'neutral' ? 'neutral greys' : `the ${colours.palette} palette`,
    });
  if (name) out.push({ kind: 'rename', name });
  const field = renamedField ?? (FIELD_TALK.test(rest) ? fieldIntent(rest) : null);
  if (field) out.push(field);
  else {
    const section = /\bsections?\b|\b(?:add|remove|delete|include|drop|put|insert|hide|show)\b/.test(rest) ? sectionIntent(rest) : null;
    if (section) out.push(section);
  }
  return out;
}
