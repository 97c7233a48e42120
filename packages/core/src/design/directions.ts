import type { DesignDirection } from '../contract/plans';

// Design directions a new project's plan offers as rendered thumbnails, made without a model: a
// palette (the template's theme tokens), light or dark, a type style and a density. Their `words`
// are what a Build sends (palette words the offline builder knows, and the colours for a model).

const D = (d: DesignDirection) => d;

export const DESIGN_DIRECTIONS: readonly DesignDirection[] = [
  D({
    id: 'calm',
    name: 'Calm',
    description: 'Soft sea greens on an airy light page, rounded and quiet.',
    words: 'a calm palette, soft and airy',
    palette: { primary: '#4f7c8a', accent: '#9bb7a5', background: '#f6f9f8', foreground: '#1c2b2f' },
    dark: false,
    type: 'sans',
    density: 'airy',
  }),
  D({
    id: 'energetic',
    name: 'Energetic',
    description: 'Orange and yellow on a dark page, bold type, compact.',
    words: 'an energetic palette, dark mode, bold and compact',
    palette: { primary: '#f97316', accent: '#facc15', background: '#0b0b0c', foreground: '#f5f5f5' },
    dark: true,
    type: 'sans',
    density: 'compact',
  }),
  D({
    id: 'monochrome',
    name: 'Monochrome',
    description: 'Black and white, sharp and minimal, lots of space.',
    words: 'a monochrome palette, minimal',
    palette: { primary: '#171717', accent: '#737373', background: '#ffffff', foreground: '#0a0a0a' },
    dark: false,
    type: 'sans',
    density: 'airy',
  }),
  D({
    id: 'ocean',
    name: 'Ocean',
    description: 'Deep teal and sky blue on a light page, clear and friendly.',
    words: 'an ocean palette, light and clear',
    palette: { primary: '#0e7490', accent: '#38bdf8', background: '#f5fbfd', foreground: '#0b2530' },
    dark: false,
    type: 'sans',
    density: 'comfortable',
  }),
  D({
    id: 'earthy',
    name: 'Earthy',
    description: 'Terracotta and sage on warm paper, a serif heading.',
    words: 'an earthy palette, warm and natural',
    palette: { primary: '#b5562f', accent: '#8a9a7b', background: '#f6f0e6', foreground: '#3b2a20' },
    dark: false,
    type: 'serif',
    density: 'comfortable',
  }),
  D({
    id: 'vibrant',
    name: 'Vibrant',
    description: 'Violet and coral, playful and colourful.',
    words: 'a vibrant palette, playful',
    palette: { primary: '#7c3aed', accent: '#f43f5e', background: '#ffffff', foreground: '#140f24' },
    dark: false,
    type: 'sans',
    density: 'comfortable',
  }),
  D({
    id: 'corporate',
    name: 'Professional',
    description: 'Confident blue and slate, tidy and dense.',
    words: 'a corporate palette, professional and tidy',
    palette: { primary: '#1d4ed8', accent: '#64748b', background: '#ffffff', foreground: '#0f172a' },
    dark: false,
    type: 'sans',
    density: 'compact',
  }),
  D({
    id: 'neon',
    name: 'Neon',
    description: 'Electric green and pink on near-black, a techy feel.',
    words: 'a neon palette, dark mode',
    palette: { primary: '#1fe08f', accent: '#ff3c8e', background: '#07080b', foreground: '#f5f7fa' },
    dark: true,
    type: 'mono',
    density: 'compact',
  }),
  D({
    id: 'coffee',
    name: 'Cosy',
    description: 'Coffee browns and caramel, warm and homely.',
    words: 'a coffee palette, warm and cosy',
    palette: { primary: '#7b4a2d', accent: '#d9a066', background: '#fbf7f1', foreground: '#2a1c14' },
    dark: false,
    type: 'serif',
    density: 'comfortable',
  }),
];

// What a request is about → the directions that suit it, best first.
const MOODS: readonly (readonly [RegExp, readonly string[]])[] = [
  [/\b(workout|gym|fitness|run(?:ning)?|sport|training|lift|score|game|match)/, ['energetic', 'neon', 'monochrome']],
  [/\b(recipe|food|cook|restaurant|cafe|café|coffee|bakery|menu|garden|plant)/, ['earthy', 'coffee', 'calm']],
  [/\b(budget|finance|expense|invoice|crm|sales|inventory|dashboard|admin|business|report)/, ['corporate', 'monochrome', 'ocean']],
  [/\b(habit|journal|diary|meditat|mood|sleep|health|wellness|notes?)\b/, ['calm', 'earthy', 'monochrome']],
  [/\b(kids?|party|birthday|quiz|poll|vote|voting|fun|music|band)/, ['vibrant', 'neon', 'ocean']],
  [/\b(portfolio|blog|landing|shop|store|photo|gallery|wedding)/, ['monochrome', 'earthy', 'vibrant']],
];

/** Three directions for a request (by what it is about, else a calm, a vibrant and a minimal one); never two alike. */
export function directionsFor(request: string): DesignDirection[] {
  const text = request.toLowerCase();
  const ids = MOODS.find(([re]) => re.test(text))?.[1] ?? ['calm', 'vibrant', 'monochrome'];
  return ids.map((id) => DESIGN_DIRECTIONS.find((d) => d.id === id)!);
}
