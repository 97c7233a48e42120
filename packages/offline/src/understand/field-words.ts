// The noun a person means by a field, out of the words around it: "where i record sets" means
// sets, "their cooking time" cooking time, "the books i read" names the records themselves, and
// "i read" or "to keep" name nothing. Prompts ("a log where i record sets, reps and weight") and
// follow-ups ("i also want to record the supplier too") both pass their field words through here,
// so a clause never becomes a field.

import { normalise } from './text';

// The verbs of keeping something: "record", "log", "keep track of"…
const KEEP =
  '(?:record|log|track|keep track of|keep|note(?: down)?|jot down|enter|write(?: down)?|type(?: in)?|fill in|save|store|add|put|list|capture|see|rate)';
// Alone at the start, a verb is stripped only before a determiner: "track number" is a field.
const DETERMINER = '(?:the|my|our|their|your|a|an|all|each|every|some)\\b';
const MODAL =
  "(?:can|could|will|would|should|may|might|want to|wanna|need to|have to|like to|would like to|'d like to|get to|plan to|am going to|are going to)";
const SUBJECT = '(?:i|we|you|they|people|users|visitors|guests|customers|clients|members)';

const LEADING: readonly RegExp[] = [
  /^(?:where|when|that|which|so that|so|in which|to|and|also|then|plus|just)\s+/,
  new RegExp(`^${SUBJECT}\\s+(?:also\\s+)?(?:${MODAL}\\s+)?(?:also\\s+)?${KEEP}\\s+`),
  new RegExp(`^${MODAL}\\s+(?:also\\s+)?${KEEP}\\s+`),
  new RegExp(`^(?:also\\s+)?${KEEP}\\s+(?=${DETERMINER})`),
  /^(?:the|a|an|my|our|their|your|his|her|its|some|any|optional|each|every|all(?: of)?(?: the)?|one more|another)\s+/,
  /^[a-z]+'s\s+/,
];

const TRAILING: readonly RegExp[] = [
  /\s+(?:too|as well|also|please|again|now)$/,
  /\s+(?:field|column|box|input|property|attribute)s?$/,
  /\s+(?:for|on|in|to|of|with) (?:each|every) .+$/,
  /\s+(?:in|on|to|from) (?:the|my|our|this) (?:form|table|list|records?|entries|entry|cards?|app|page)$/,
  /\s+of (?:the|my|our|their|his|her|its|a|an) .+$/,
];

// Words that are a clause, not a thing: a person doing something ("books i read" describes the
// records themselves), a wish, or a verb alone.
const CLAUSE = new RegExp(
  `\\b(?:i|we|me|us|you|it|they|them)\\b|^to\\b|\\b${MODAL}\\b|^${KEEP}$|^(?:read|eat|do|did|play|watch|buy|use|go|went|make|want|need)$`,
);

/**
 * What the words name, or null when they are a clause or name the records themselves: "where i
 * record sets" → "sets", "their cooking time" → "cooking time", "the books i read" → null.
 */
export function fieldWords(phrase: string): string | null {
  let words = normalise(phrase)
    .replace(/[.!?,;:"]+$/g, '')
    .trim();
  for (let changed = true; changed; ) {
    changed = false;
    for (const re of [...LEADING, ...TRAILING]) {
      const next = words.replace(re, '').trim();
      if (next !== words && next) {
        words = next;
        changed = true;
      }
    }
  }
  if (!words || CLAUSE.test(words) || words.split(' ').length > 4 || words.length > 30) return null;
  return words;
}
