// Colours, palette words and light/dark wishes in a prompt: "an off-white background with dark green
// accents", "an earthy palette of terracotta, sage green and sand", "a dark UI".

import { isDark, luminance, mix, withLightness, toHsl, fromHsl } from '../theme/color';
import { PALETTE_WORDS, type PaletteName, type PaletteSeed } from '../theme/palettes';
import { ALL_COLOUR_NAMES, hexOfName, UNAMBIGUOUS } from './colour-names';
import { normalise } from './text';

type ColourRole = 'background' | 'primary' | 'accent' | 'foreground';

export interface ColourMention {
  /** As written, e.g. "dark green". */
  name: string;
  hex: string;
  role: ColourRole | null;
}

export interface ColourRequest {
  colours: ColourMention[];
  palette: PaletteName | 'neutral' | null;
  /** An explicit wish for dark or light UI, or null. */
  mode: 'dark' | 'light' | null;
}

const MODIFIERS = 'dark|deep|light|pale|soft|bright|warm|cool|muted|dusty|rich|vivid|pastel';
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const COLOUR_RE = new RegExp(`\\b(?:(${MODIFIERS})[ -])?(${ALL_COLOUR_NAMES.map(escape).join('|')})(?:e?s)?\\b`, 'g');
const CONTEXT = /\b(?:palette|colou?rs?|colou?red|themes?|themed|accents?|backgrounds?|tones?|shades?|hues?|scheme|tints?|branding|brand|ui|text|buttons?)\b/;

const DARK_MODE =
  /\bdark(?:[- ](?:ui|mode|theme|themed|design|look|interface|background|version|style|palette|colou?r scheme|aesthetic))\b|\bin dark\b|\bnight mode\b|\bdark and (?:moody|bold|sleek)\b/;
const LIGHT_MODE = /\blight(?:[- ](?:ui|mode|theme|themed|design|look|interface|background|version|style))\b|\bbright and airy\b/;

function modified(modifier: string | undefined, name: string, hex: string): { name: string; hex: string } {
  if (!modifier) return { name, hex };
  const compound = `${modifier} ${name}`;
  const known = hexOfName(compound);
  if (known) return { name: compound, hex: known };
  const c = toHsl(hex);
  const adjust: Record<string, () => string> = {
    dark: () => withLightness(hex, 0.26),
    deep: () => withLightness(hex, 0.3),
    rich: () => withLightness(hex, 0.35),
    light: () => withLightness(hex, 0.8),
    pale: () => withLightness(hex, 0.88, 0.6),
    pastel: () => withLightness(hex, 0.82, 0.65),
    soft: () => withLightness(hex, 0.72, 0.5),
    bright: () => fromHsl({ ...c, s: Math.min(1, c.s + 0.2), l: Math.min(0.6, Math.max(0.45, c.l)) }),
    vivid: () => fromHsl({ ...c, s: Math.min(1, c.s + 0.25) }),
    muted: () => fromHsl({ ...c, s: Math.min(c.s, 0.3) }),
    dusty: () => fromHsl({ ...c, s: Math.min(c.s, 0.25) }),
    warm: () => mix(hex, '#e07a2e', 0.15),
    cool: () => mix(hex, '#2e6fe0', 0.15),
  };
  return { name: compound, hex: adjust[modifier]?.() ?? hex };
}

/** The role the words right around a colour give it: "X background", "background of X", "X accents". */
function roleNear(before: string, after: string): ColourRole | null {
  if (/^\s*(?:backgrounds?|bg|base|canvas)\b/.test(after) || /\b(?:backgrounds?|bg) (?:of |in |colou?r (?:of )?)?(?:an? )?$/.test(before)) return 'background';
  if (
    /^\s*(?:accents?|buttons?|highlights?|links?|primary|brand|details|ctas?)\b/.test(after) ||
    /\b(?:accents?|buttons?|highlights?) (?:of |in )?(?:an? )?$/.test(before)
  )
    return 'primary';
  if (/^\s*(?:text|type|typography|fonts?|headings?)\b/.test(after) || /\b(?:text|type|fonts?) (?:of |in )?$/.test(before)) return 'foreground';
  return null;
}

export function extractColours(prompt: string): ColourRequest {
  const text = normalise(prompt);
  const colours: ColourMention[] = [];
  for (const sentence of text.split(/(?<=[.!?;])\s+/)) {
    // A sentence that names a plain colour ("navy and gold") is about colours, like one saying "palette".
    const inContext = CONTEXT.test(sentence) || [...sentence.matchAll(COLOUR_RE)].some((m) => UNAMBIGUOUS.has(m[2]!));
    for (const m of sentence.matchAll(COLOUR_RE)) {
      const [whole, modifier, base] = m as unknown as [string, string | undefined, string];
      if (!inContext && !UNAMBIGUOUS.has(base)) continue;
      // "white space", "black friday", "green light" are not colour requests.
      if (/^[ -]?(?:space|spaces|list|paper|label|friday|belt|box|light|hat|card|board)\b/.test(sentence.slice((m.index ?? 0) + whole.length))) continue;
      const hex = hexOfName(base);
      if (!hex) continue;
      const c = modified(modifier, base, hex);
      if (colours.some((x) => x.name === c.name)) continue;
      const start = m.index ?? 0;
      const role = roleNear(sentence.slice(Math.max(0, start - 30), start), sentence.slice(start + whole.length, start + whole.length + 30));
      colours.push({ ...c, role });
    }
  }
  const palette = PALETTE_WORDS.find(([re]) => re.test(text))?.[1] ?? null;
  const mode = DARK_MODE.test(text) ? 'dark' : LIGHT_MODE.test(text) ? 'light' : null;
  return { colours, palette, mode };
}

/**
 * Gives every colour a role: explicit ones first; then pale colours become the background, very
 * dark ones the text (when there are others), and the rest primary, then accent.
 */
export function seedFromColours(colours: readonly ColourMention[]): PaletteSeed | null {
  if (colours.length === 0) return null;
  const seed: Partial<PaletteSeed> = {};
  const rest: ColourMention[] = [];
  for (const c of colours) {
    if (c.role === 'background' && !seed.background) seed.background = c.hex;
    else if (c.role === 'foreground' && !seed.foreground) seed.foreground = c.hex;
    else if (c.role === 'primary' && !seed.primary) seed.primary = c.hex;
    else rest.push(c);
  }
  for (const c of rest) {
    const lum = luminance(c.hex);
    if (!seed.background && lum > 0.45 && colours.length > 1) seed.background = lum > 0.85 ? c.hex : mix(c.hex, '#ffffff', 0.72);
    else if (!seed.foreground && lum < 0.12 && colours.length > 2) seed.foreground = withLightness(c.hex, 0.16);
    else if (!seed.primary) seed.primary = c.hex;
    else if (!seed.accent) seed.accent = c.hex;
  }
  // Only a background was named: take a primary that reads on it.
  if (!seed.primary) seed.primary = seed.accent ?? (seed.background && isDark(seed.background) ? '#f5f5f5' : '#171717');
  return seed as PaletteSeed;
}
