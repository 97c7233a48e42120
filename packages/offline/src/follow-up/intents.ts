// What a follow-up message asks for, as data. Pure: the handlers in this folder turn intents into
// edits. A message may carry several ("make it dark and call it Zen").

import { extractColours, seedFromColours } from '../understand/colours';
import { fieldFromWords, type FieldSpec } from '../understand/fields';
import { sectionIn, type SectionId } from '../understand/sections';
import { joinList, normalise, tidy } from '../understand/text';
import { isDark } from '../theme/color';
import { PALETTES, type PaletteSeed } from '../theme/palettes';

export type Intent =
  | { kind: 'mode'; dark: boolean }
  | { kind: 'palette'; seed: PaletteSeed | null; note: string }
  | { kind: 'rename'; name: string }
  | { kind: 'add-section'; section: SectionId; after: SectionId | null; before: SectionId | null }
  | { kind: 'remove-section'; section: SectionId }
  | { kind: 'add-field'; field: FieldSpec; words: string; form: string | null }
  | { kind: 'remove-field'; name: string; form: string | null }
  /** Understood, and not something the offline builder can do: said so, nothing changed. */
  | { kind: 'cannot'; message: string };

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

function formOf(text: string): string | null {
  return /\bto (?:the |my )?([a-z-]+(?: [a-z-]+)?) form\b/.exec(text)?.[1] ?? /\bon (?:the |each )?(cards?)\b/.exec(text)?.[1] ?? null;
}

function fieldIntent(text: string): Intent | null {
  const remove = /\b(?:remove|delete|drop|get rid of|take out)\s+(?:the\s+)?(.+?)\s+field\b/.exec(text);
  if (remove) return { kind: 'remove-field', name: remove[1]!, form: formOf(text) };
  const add =
    /\badd\s+(?:a\s+|an\s+|another\s+)?(?:new\s+)?(?:field|input)\s+(?:for|called|named|with)\s+(?:the\s+|their\s+)?(.+?)(?:\s+to\b.*)?[.!]?$/.exec(text) ??
    /\badd\s+(?:a\s+|an\s+|another\s+|one more\s+)?(?:new\s+)?(.+?)\s+(?:field|input)\b/.exec(text) ??
    /\b(?:also\s+)?(?:ask|asks)\s+(?:them\s+|visitors\s+|people\s+)?for\s+(?:their\s+|a\s+|an\s+)?(.+?)(?:\s+(?:in|on)\s+the\s+form)?[.!]?$/.exec(text);
  if (!add) return null;
  const words = add[1]!.replace(/^(?:the|a|an)\s+/, '').trim();
  return words && !/^(?:a|an|the|new|field)$/.test(words) && words.split(' ').length <= 4
    ? { kind: 'add-field', field: fieldFromWords(words), words, form: formOf(text) }
    : null;
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
  const name = renameOf(raw);
  // Without the new name, the rest of the message is not mistaken for colours or sections.
  const rest = name ? normalise(raw.replace(name, ' ')) : text;
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
  const field = /\b(?:field|input)s?\b|\bask (?:them |visitors |people )?for\b/.test(rest) ? fieldIntent(rest) : null;
  if (field) out.push(field);
  else {
    const section = /\bsections?\b|\b(?:add|remove|delete|include|drop|put|insert|hide|show)\b/.test(rest) ? sectionIntent(rest) : null;
    if (section) out.push(section);
  }
  return out;
}
