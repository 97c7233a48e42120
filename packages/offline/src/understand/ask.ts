// What the person asked for, in their words, before any decision about what to build: the thing
// named ("recipe box", "workout log", "chess"), the features they want (tags, a filter, a chart,
// a board, a form), the fields of its records, and whether it is something the offline builder
// knows it cannot make. plan.ts decides from this and the family scores.

import { ENTITIES, entityIn, genericEntity, GENERIC_FORM, type EntityDef, type RecordFieldSpec } from './entities';
import { extractRecordFields } from './record-fields';
import { normalise } from './text';
import type { GameVariant } from './variants';

export type Want = 'tags' | 'filter' | 'search' | 'chart' | 'board' | 'form';

export const WANT_WORDS: Record<Want, string> = {
  tags: 'tags',
  filter: 'a filter',
  search: 'search',
  chart: 'a chart',
  board: 'a board',
  form: 'a form',
};

const WANTS: readonly [Want, RegExp][] = [
  ['tags', /\btag(?:s|ged|ging)?\b|\blabels?\b|\bhashtags?\b|\bgenres?\b/],
  ['filter', /\bfilter(?:s|ed|ing|able)?\b|\bsort(?:s|ed|ing|able)? (?:them |it )?by\b/],
  ['search', /\bsearch(?:able|ing|es)?\b/],
  ['chart', /\bcharts?\b|\bgraphs?\b|\bplot(?:s|ted)?\b|\bvisuali[sz]\w*|\btrends?\b|\bover time\b/],
  ['board', /\bkanban\b|\bboard\b(?! games?)|\bcolumns?\b|\bstages\b|\bpipeline\b|\bdrag(?:ging)?(?: and | ?& ?| n |-|\/)drop\b/],
  ['form', /\bforms?\b|\bsurveys?\b|\bquestionnaires?\b|\brsvps?\b|\bsign[- ]?up sheets?\b|\bregistration\b/],
];

type Shape = 'list' | 'log' | 'board' | 'form';

// The noun that says what kind of thing it is, with up to two words before it naming the subject.
const HEADS: readonly [Shape, string][] = [
  ['form', 'forms?|surveys?|questionnaires?|sign[- ]?up sheets?|rsvps?'],
  ['board', 'boards?(?! games?)|pipelines?'],
  ['log', 'logs?|logbooks?|journals?|notes|diar(?:y|ies)|trackers?|tracking app|history'],
  [
    'list',
    'lists?|box|boxes|collections?|catalogu?es?|library|database|directory|inventory|organi[sz]er|keeper|manager|wish ?list|watch ?list|register|archive|cellar|app',
  ],
];
const FILLER =
  /^(?:a|an|the|my|our|your|some|simple|little|small|basic|quick|personal|nice|cool|new|online|digital|web|mobile|tiny|easy|clean|minimal(?:ist)?|private|shared|daily|weekly|own|good|neat|better|proper|kind of|sort of|like|just|build|make|create|want|need|me|i|to|of|for|pls|please|super|really|very|an? app|drag|drop|n|and|&|with|one)$/;

// Words that start or carry a clause: what comes before them is not the thing's subject.
const CLAUSE_WORD = /^(?:where|when|that|which|so|i|we|you|they|keep|keeps|record|records|store|stores|save|saves)$/;

interface GameAsk {
  /** As the person wrote it: "chess". */
  name: string;
  closest: GameVariant;
}

// Games people ask for that the offline builder does not have, with the one it has that is closest.
const MISSING_GAMES: readonly [RegExp, string, GameVariant][] = [
  [/\bchess\b/, 'chess', 'tictactoe'],
  [/\bcheckers\b|\bdraughts\b/, 'checkers', 'tictactoe'],
  [/\bconnect (?:4|four)\b/, 'Connect Four', 'tictactoe'],
  [/\bbattleships?\b/, 'Battleship', 'tictactoe'],
  [/\bsudoku\b/, 'sudoku', 'memory'],
  [/\bcrosswords?\b/, 'a crossword', 'memory'],
  [/\bwordle\b/, 'Wordle', 'memory'],
  [/\bhangman\b/, 'hangman', 'memory'],
  [/\bsolitaire\b|\bpoker\b|\bblackjack\b|\buno\b/, 'a card game', 'memory'],
  [/\btetris\b/, 'Tetris', 'snake'],
  [/\bpong\b/, 'Pong', 'snake'],
  [/\bbreakout\b|\bbrick breaker\b/, 'Breakout', 'snake'],
  [/\bpac-?man\b/, 'Pac-Man', 'snake'],
  [/\bspace invaders\b|\basteroids\b|\bshooter\b|\bshoot 'em up\b/, 'a shooter', 'snake'],
  [/\bflappy\b/, 'Flappy Bird', 'snake'],
  [/\bplatformer\b|\bmario\b|\bjump(?:ing)? game\b/, 'a platformer', 'snake'],
  [/\bracing\b|\bcar game\b/, 'a racing game', 'snake'],
  [/\bminesweeper\b/, 'Minesweeper', 'memory'],
  [/\b2048\b/, '2048', 'memory'],
  [/\brock,? paper,? scissors\b/, 'rock paper scissors', 'tictactoe'],
];

// Kinds of app the offline builder knows it cannot make, as the chat names them.
const CANNOT: readonly [RegExp, string][] = [
  [/\bchat ?bots?\b|\bai (?:assistant|chat|companion)\b|\bgpt\b/, 'an AI chatbot'],
  [/\bchat(?:ting)?(?: ?app| ?room)?\b|\bmessaging\b|\bmessenger\b|\bwhatsapp\b/, 'a chat app'],
  [/\bsocial (?:network|media)\b|\binstagram\b|\btwitter\b/, 'a social network'],
  [/\bcalculator\b/, 'a calculator'],
  [/\bpomodoro\b|\btimer\b|\bstopwatch\b/, 'a timer'],
  [/\bweather\b/, 'a weather app'],
  [/\bmusic player\b|\bplaylists?\b|\bspotify\b|\bpodcast player\b/, 'a music player'],
  [/\bvideo (?:app|player|sharing|platform)\b|\byoutube\b|\btiktok\b/, 'a video app'],
  [/\bonline (?:shop|store)\b|\be-?commerce\b|\bshopping cart\b|\bweb ?shop\b|\bmarketplace\b/, 'an online shop'],
  [/\bdrawing\b|\bpaint(?:ing)? app\b|\bwhiteboard\b|\bsketch(?:ing|pad)?\b/, 'a drawing app'],
  [/\bquiz(?:zes)?\b|\btrivia\b|\bflash ?cards?\b/, 'a quiz'],
  [/\bpassword manager\b|\bpassword vault\b/, 'a password manager'],
  [/\btranslat(?:or|ion app)\b/, 'a translator'],
  [/\bdating\b/, 'a dating app'],
  [/\bspreadsheet\b/, 'a spreadsheet'],
  [/\bnavigation app\b|\bgps\b|\broute planner\b/, 'a navigation app'],
  [/\bforum\b|\bmessage board\b/, 'a forum'],
  [/\bblog(?:ging)? (?:platform|engine|app)\b|\bcms\b/, 'a blog platform'],
];

export interface Ask {
  /** The words naming what was asked for ("recipe box"), or null. */
  thing: string | null;
  /** Whether the thing was named with its kind ("workout log"), not only by a verb ("log my workouts"). */
  named: boolean;
  /** Its subject and kind as written: "recipe" and "box", "content ideas" and "board". */
  subject: string;
  head: string | null;
  /** Where the thing (or, for a verb like "log my workouts", the verb) starts in the normalised prompt; -1: nowhere. */
  at: number;
  shape: Shape | null;
  /** The subject of its records: known ("workout") or made from the words. */
  entity: EntityDef | null;
  wants: Want[];
  /** Fields the prompt names for the records. */
  fields: RecordFieldSpec[];
  /** "filter by genre" → "genre". */
  filterBy: string | null;
  game: GameAsk | null;
  cannot: { what: string; at: number } | null;
}

const plural = (s: string) => (/(?:s|sh|ch|x)$/.test(s) ? `${s}es` : /[^aeiou]y$/.test(s) ? `${s.slice(0, -1)}ies` : `${s}s`);
const singular = (s: string) =>
  /ies$/.test(s) ? `${s.slice(0, -3)}y` : /(?:ss|us)$/.test(s) ? s : /(?:sh|ch|x)es$/.test(s) ? s.slice(0, -2) : s.replace(/s$/, '');

function stripFiller(words: string[]): string[] {
  const out = [...words];
  while (out.length && FILLER.test(out[0]!)) out.shift();
  return out;
}

/** "the recipe box where…" → { thing: "recipe box", subject: "recipe", shape: "list" }. */
function headOf(text: string): { thing: string; subject: string; head: string; shape: Shape; at: number } | null {
  let best: { thing: string; subject: string; head: string; shape: Shape; at: number } | null = null;
  for (const [shape, head] of HEADS) {
    const re = new RegExp(`((?:[a-z0-9'-]+ ){0,3})(${head})\\b`, 'g');
    for (const m of text.matchAll(re)) {
      // Only the words after a clause name the subject: "where we keep our board games" is no subject.
      const before = m[1]!.trim().split(' ').filter(Boolean);
      const clause = before.findLastIndex((w) => CLAUSE_WORD.test(w));
      const words = stripFiller(before.slice(clause + 1)).slice(-2);
      // "app" alone says nothing: it needs a subject before it ("budget app").
      const after = /^ (?:for|of) (?:my|our|the|all|your)? ?([a-z' -]+?)(?= with| and| so| to| where| that| i | in| on|[,.;]|$)/.exec(
        text.slice(m.index! + m[0].length),
      );
      const subject = words.length ? words.join(' ') : (after?.[1]?.trim() ?? '');
      // A head with no subject says nothing ("an app", "I want to log…" where "log" is the verb), nor
      // does a kind of app ("a consumer app", "a web app").
      if (
        (!subject && shape !== 'form') ||
        (m[2] === 'app' && /^(?:consumer|b2b|web|mobile|ios|android|react|simple|small|productivity|business)$/.test(subject))
      )
        continue;
      const at = m.index! + (words.length ? m[1]!.lastIndexOf(words.join(' ')) : m[1]!.length);
      if (!best || at < best.at)
        best = {
          thing: `${words.length ? `${words.join(' ')} ` : ''}${m[2]}${!words.length && subject ? ` for ${subject}` : ''}`,
          subject,
          head: m[2]!,
          shape,
          at,
        };
    }
  }
  return best;
}

/** "log my workouts", "keep track of my wine", "a place to keep my recipes": the verb's object. */
function verbObject(text: string): { subject: string; at: number } | null {
  const re =
    /\b(?:log|logging|track|tracking|keep track of|keep(?= (?:all )?(?:of )?(?:my|our|their) )|save|saving|store|record|catalog(?:ue)?|organi[sz]e|collect|rate|list) (?:all |every |each )?(?:of )?(?:my|our|the|all|every|each|their)? ?([a-z][a-z' -]{2,40}?)(?= with| and| so| to| where| that| i | in| on| by| from| for|[,.;:!(-]|$)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    // "a log where i record the books": the noun "log" before a clause; the verb comes after, so
    // the search goes on from the next word.
    if (!/^(?:where|when|that|which|so|i|we|you|to|what|how)\b/.test(m[1]!)) return { subject: m[1]!.trim(), at: m.index };
    re.lastIndex = m.index + 1;
  }
  return null;
}

function entityFrom(subject: string, text: string, shape: Shape | null): EntityDef | null {
  // A form is filled in by other people: only the form subjects fit ("contact form" is not an address book).
  if (shape === 'form') return ENTITIES.find((e) => e.form && (e.test.test(subject) || e.test.test(text))) ?? { ...GENERIC_FORM, test: /$^/ };
  const known = entityIn(subject) ?? ENTITIES.find((e) => e.test.test(text) && !e.catalogue && !e.form) ?? null;
  if (known) return known;
  const words = subject.split(' ').filter((w) => !FILLER.test(w));
  if (!words.length || words.length > 3) return null;
  const last = words[words.length - 1]!;
  const one = singular(last);
  return genericEntity([...words.slice(0, -1), one].join(' '), [...words.slice(0, -1), plural(one)].join(' '));
}

export function readAsk(prompt: string): Ask {
  const text = normalise(prompt);
  const wants = WANTS.filter(([, re]) => re.test(text)).map(([w]) => w);
  const head = headOf(text);
  const verb = verbObject(text);
  const subject = head?.subject || verb?.subject || '';
  const shape = head?.shape ?? (verb ? 'log' : null);
  const named = extractRecordFields(prompt);
  for (const f of named.features) {
    if (/\b(?:tags?|labels?|categories|genres?)\b/.test(f) && !wants.includes('tags')) wants.push('tags');
    if (/chart|graph/.test(f) && !wants.includes('chart')) wants.push('chart');
  }
  const game = MISSING_GAMES.find(([re]) => re.test(text));
  const cannot = CANNOT.map(([re, what]) => ({ what, m: re.exec(text) })).find((c) => c.m);
  return {
    thing: head?.thing ?? (verb ? `${verb.subject}` : null),
    named: !!head,
    subject,
    head: head?.head ?? null,
    at: head?.at ?? verb?.at ?? -1,
    shape,
    entity: shape || verb ? entityFrom(subject, text, shape) : null,
    wants,
    fields: named.fields,
    filterBy: /\b(?:filter|sort)(?:ed|ing|able)? (?:them |it |things |everything |stuff )?by (?:their |the |its )?([a-z]+)/.exec(text)?.[1] ?? null,
    game: game ? { name: game[1], closest: game[2] } : null,
    cannot: cannot ? { what: cannot.what, at: cannot.m!.index } : null,
  };
}
