// The ways people ask for the same change to a form or a table: "add a column for the supplier",
// "add a supplier input", "also track the supplier", "include the supplier"; "drop the notes",
// "I don't need the phone field"; "call the notes field Comments". Each phrasing becomes the same
// intent, and words that name a feature, a section or a control ("add a chart", "include
// testimonials", "add a dark mode toggle") never become a field.

import { fieldWords } from '../understand/field-words';
import { fieldFromWords, knownField } from '../understand/fields';
import { sectionIn } from '../understand/sections';
import { normalise } from '../understand/text';
import type { Intent } from './intent';

// The words for one field of a form or a table; on a board, "column" means a stage instead.
const FIELD_WORD = '(?:field|column|input|property|attribute)s?';
const ARTICLE = '(?:(?:a|an|another|one more|the)\\s+)?(?:new\\s+)?';
const KEEP_VERB = '(?:track|record|log|note(?: down)?|jot down|capture|keep track of|enter|save|store|write down)';

/** Whether the message may be about a field: the field intent is only looked for then. */
export const FIELD_TALK = new RegExp(
  `\\b${FIELD_WORD}\\b|\\bask (?:them |visitors |people )?for\\b|\\b${KEEP_VERB}\\b|\\binclude\\b|\\bdrop\\b|\\badd\\b.*\\bto (?:the |my |each |every |this )?(?:[a-z-]+ ){0,2}(?:form|table|records?|entries|cards?)\\b|\\badd (?:a |an )?(?:place|spot|space|box|way)\\b`,
);

// What is never a field, however it is asked for: a control, the page's look, a feature, the form itself.
const NEVER = new RegExp(
  [
    '^(?:form|table|list|app|site|page|section|board|row|it|this|that|them|one|more|a|an|the|new|another|my|our|their)$',
    '\\b(?:toggle|switch|button|dark mode|light mode|login|log ?in|sign[- ]?in|charts?|graphs?|filters?|search|sort(?:ing)?|captcha|field|column|input)\\b',
  ].join('|'),
);
// Asked for without a field word ("include testimonials", "also track tags"), these are sections
// and features, not fields.
const NOT_IMPLIED =
  /\b(?:dark|light|themes?|palettes?|colou?rs?|accounts?|users?|tags?|labels?|categories|genres?|photos?|pictures?|images?|uploads?|files?|attachments?|payments?|notifications?|reminders?|export|import|pages?|sections?|map|sign[- ]?ups?|newsletter|instagram|facebook|twitter|linkedin|tiktok|youtube|social|progress|history|stats|streaks?|trends?|everything|anything|stuff|things|data|details|info(?:rmation)?)\b/;

// A field's words, or its new name, end where a second request starts: "add a column for the
// supplier and make it dark", "call the notes field Comments and make it dark".
const JOINED =
  /\s+(?:and|&)\s+(?:make|turn|switch|change|add|remove|use|set|rename|call|include|drop)\b|[,;]\s*(?:and\s+)?(?:make|turn|add|remove|use|rename|call|include|drop)\b/i;

/** The field the words name, or null; `implied`: asked for without a field word. */
function namedField(phrase: string, implied: boolean): string | null {
  const words = phrase.split(JOINED)[0]!;
  const noun = fieldWords(words);
  if (!noun || NEVER.test(noun)) return null;
  // "Include our address" is about the business's page; "also track my weight" is the person's data.
  if (implied && (NOT_IMPLIED.test(noun) || /\bour\b/.test(words) || (sectionIn(noun) && !knownField(noun)))) return null;
  return noun;
}

function formOf(text: string): string | null {
  return /\bto (?:the |my )?([a-z-]+(?: [a-z-]+)?) form\b/.exec(text)?.[1] ?? /\bon (?:the |each )?(cards?)\b/.exec(text)?.[1] ?? null;
}

// Field words, then verbs and places that imply a field: the first pattern that matches is read.
const ADD: readonly { re: RegExp; implied: boolean }[] = [
  // "add a column for the supplier", "add a field called due date", "add an input to hold the cost"
  {
    re: new RegExp(
      `\\badd\\s+${ARTICLE}${FIELD_WORD}\\s+(?:for|called|named|with|to (?:hold|store|record|enter)|where (?:i|we|people|they) (?:can )?(?:enter|put|write))\\s+(.+?)(?:\\s+to\\b.*)?$`,
    ),
    implied: false,
  },
  // "add a property colour", "add an attribute weight"
  { re: /\badd\s+(?:a|an|another)\s+(?:new\s+)?(?:property|attribute)\s+(?!for\b|to\b|called\b|named\b)(.+)$/, implied: false },
  // "add a supplier column", "add supplier column", "add a due date input"
  { re: new RegExp(`\\badd\\s+${ARTICLE}(.+?)\\s+${FIELD_WORD}\\b`), implied: false },
  // "add a place to enter the supplier", "add a spot for their allergies"
  {
    re: /\badd\s+(?:a\s+|an\s+)?(?:place|spot|space|box|way)\s+(?:to|for)\s+(?:(?:me|people|them|visitors|us)\s+to\s+)?(?:(?:enter|write|type|put|fill in|record|note|add|track|log|keep)\s+)?(.+)$/,
    implied: false,
  },
  // "also ask for their address"
  {
    re: /\b(?:also\s+)?(?:ask|asks)\s+(?:them\s+|visitors\s+|people\s+)?for\s+(?:their\s+|a\s+|an\s+)?(.+?)(?:\s+(?:in|on)\s+the\s+form)?$/,
    implied: false,
  },
  // "add the supplier to the form", "add a due date to each card"
  { re: /\badd\s+(.+?)\s+to\s+(?:the\s+|my\s+|each\s+|every\s+|this\s+)?(?:[a-z-]+\s+){0,2}?(?:form|table|records?|entries|cards?)\b/, implied: true },
  // "include the supplier", "please include their allergies in the form"
  { re: /(?:^|[,;]\s*|\b(?:and|then)\s+)(?:(?:please|pls|can you|could you|also)\s+)*include\s+(.+)$/, implied: true },
];

// "also track the supplier", "I also want to record the supplier", "let me record the supplier too":
// a verb of keeping, only a wish before it, and a word that says it comes on top of what is kept.
const KEEP_MORE = new RegExp(
  `(?:^|[,;]\\s*|\\b(?:and|then|but)\\s+)(?:(?:please|pls|can|could|you|i|we|also|want|wanna|would|'d|i'd|we'd|like|need|to|let|me|us|let's)\\s+)*${KEEP_VERB}\\s+(.+)$`,
);
const MORE = /\b(?:also|too|as well|additionally)\b/;

function addIntent(text: string): Intent | null {
  for (const { re, implied } of ADD) {
    const m = re.exec(text);
    if (!m) continue;
    const words = namedField(m[1]!, implied);
    return words ? added(words, text) : null;
  }
  const more = MORE.test(text) ? KEEP_MORE.exec(text) : null;
  const words = more ? namedField(more[1]!, true) : null;
  return words ? added(words, text) : null;
}

const added = (words: string, text: string): Intent => ({
  kind: 'add-field',
  field: fieldFromWords(words),
  words,
  form: formOf(text),
  ...(/\bcolumns?\b/.test(text) ? { column: true as const } : {}),
});

const REMOVE: readonly { re: RegExp; implied: boolean }[] = [
  // "remove the phone field", "get rid of the notes column", "delete the field called notes"
  { re: new RegExp(`\\b(?:remove|delete|drop|get rid of|take out)\\s+(?:the\\s+)?${FIELD_WORD}\\s+(?:for|called|named)\\s+(.+)$`), implied: false },
  { re: new RegExp(`\\b(?:remove|delete|drop|get rid of|take out)\\s+(?:the\\s+)?(.+?)\\s+${FIELD_WORD}\\b`), implied: false },
  // "I don't need the phone field", "we no longer need the notes column"
  {
    re: new RegExp(`\\b(?:do not|don't|dont|no longer)\\s+(?:need|want|use)\\s+(?:the\\s+|a\\s+|an\\s+|that\\s+|this\\s+)?(.+?)\\s+${FIELD_WORD}\\b`),
    implied: false,
  },
  // "no phone field", "no more notes column, please"
  { re: new RegExp(`(?:^|[,;.]\\s*|\\b(?:and|but|also)\\s+)no\\s+(?:more\\s+)?(?:the\\s+)?(.+?)\\s+${FIELD_WORD}\\b`), implied: false },
  // "drop the notes"
  { re: /(?:^|[,;]\s*|\b(?:and|then)\s+)(?:(?:please|pls|can you|could you|also)\s+)*drop\s+(.+)$/, implied: true },
];

function removeIntent(text: string): Intent | null {
  for (const { re, implied } of REMOVE) {
    const m = re.exec(text);
    if (!m) continue;
    const name = namedField(m[1]!, implied);
    return name ? { kind: 'remove-field', name, form: formOf(text), ...(/\bcolumns?\b/.test(text) ? { column: true as const } : {}) } : null;
  }
  return null;
}

/** A field to add or remove, or null. Rename is read apart (`renameFieldOf`): it needs the new name's case. */
export function fieldIntent(message: string): Intent | null {
  const text = normalise(message).replace(/[.!?]+$/, '');
  return removeIntent(text) ?? addIntent(text);
}

// "rename it", "rename the app": the app's name, read by the app rename. "Rename the title to…"
// says the app's title too, unless a field word follows ("rename the name field to…").
const APP_WORDS = /^(?:it|this|that|(?:the |this |my |our )?(?:app|site|website|page|project|board|portal|game|tool|dashboard|shop|business))$/;
const APP_TITLE = /^(?:title|name)$/;
// "change the price field to a number" asks for another type, which the offline builder cannot do.
const TYPE_WORDS =
  /^(?:a |an )?(?:number|numeric|text|date|time|checkbox|tick ?box|drop-?down|select|long text|text ?area|required|optional|email|url|link|rating|stars?|currency|money|integer|decimal)(?: field| type| input)?$/i;

const RENAME: readonly { re: RegExp; orApp?: true; asName?: true }[] = [
  // "rename the supplier field to Vendor", "rename the field called supplier to Vendor"
  { re: new RegExp(`\\brename\\s+(?:the\\s+)?${FIELD_WORD}\\s+(?:for|called|named)\\s+(.+?)\\s+(?:to|as|into)\\s+(.+)$`, 'i'), asName: true },
  { re: new RegExp(`\\brename\\s+(?:the\\s+)?(.+?)\\s+${FIELD_WORD}\\s+(?:to|as|into)\\s+(.+)$`, 'i'), asName: true },
  // "call the notes field Comments"
  { re: new RegExp(`\\bcall\\s+(?:the\\s+)?(.+?)\\s+${FIELD_WORD}\\s+(?:instead\\s+)?(?!to\\b)(.+)$`, 'i'), asName: true },
  // "change the supplier column to Vendor", "change the name of the notes field to Comments"
  { re: new RegExp(`\\bchange\\s+(?:the\\s+)?(?:name|label|title)\\s+of\\s+(?:the\\s+)?(.+?)\\s+${FIELD_WORD}\\s+to\\s+(.+)$`, 'i'), asName: true },
  { re: new RegExp(`\\bchange\\s+(?:the\\s+)?(.+?)\\s+${FIELD_WORD}(?:'s)?(?:\\s+(?:name|label|title))?\\s+to\\s+(.+)$`, 'i') },
  // "rename supplier to Vendor": a field if the app has one of that name, else the app's name.
  { re: /\brename\s+(?:the\s+)?(.+?)\s+(?:to|as|into)\s+(.+)$/i, orApp: true },
];

const cleanName = (s: string) =>
  s
    .split(JOINED)[0]!
    .replace(/\s+(?:instead|please)$/i, '')
    .replace(/^["'“‘]+|["'”’.!]+$/g, '')
    .trim();

/** "rename the supplier field to Vendor": the field and its new name (as typed), or null. */
export function renameFieldOf(raw: string): Intent | null {
  for (const { re, orApp, asName } of RENAME) {
    const m = re.exec(raw);
    if (!m) continue;
    const from = fieldWords(m[1]!);
    const to = cleanName(m[2]!);
    if (!from || APP_WORDS.test(from) || (orApp && APP_TITLE.test(from)) || !to || to.length > 40 || to.split(' ').length > 6) {
      if (orApp) return null;
      continue;
    }
    if (!asName && TYPE_WORDS.test(to))
      return { kind: 'cannot', message: `I can't change the type of the ${from} field offline: a field's type comes from its name when it is added.` };
    return {
      kind: 'rename-field',
      from,
      to,
      form: formOf(normalise(raw)),
      ...(orApp ? { orApp: true as const } : {}),
      ...(/\bcolumns?\b/i.test(m[0]) ? { column: true as const } : {}),
    };
  }
  return null;
}
