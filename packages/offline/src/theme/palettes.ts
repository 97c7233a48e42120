// Curated starting points for palette words ("earthy", "pastel", "ocean"…) and for families that
// were given no colours. A seed names the roles; theme-css.ts derives every token from it.

export interface PaletteSeed {
  /** Buttons, links, highlights. */
  primary: string;
  /** A second colour for tints (badges, hover backgrounds). */
  accent?: string;
  /** The page in light mode. */
  background?: string;
  /** Body text in light mode. */
  foreground?: string;
  /** The page in dark mode, when the palette wants a particular one. */
  darkBackground?: string;
}

export const PALETTES = {
  earthy: { primary: '#b5562f', accent: '#8a9a7b', background: '#f6f0e6', foreground: '#3b2a20', darkBackground: '#1c1612' },
  pastel: { primary: '#7c6cf0', accent: '#f4a6c8', background: '#fdfbff', foreground: '#2a2540' },
  neon: { primary: '#1fe08f', accent: '#ff3c8e', background: '#fafafa', foreground: '#0b0d10', darkBackground: '#07080b' },
  monochrome: { primary: '#171717', accent: '#737373', background: '#ffffff', foreground: '#0a0a0a' },
  warm: { primary: '#d9622b', accent: '#f0b44c', background: '#fffaf3', foreground: '#2e1f14' },
  cool: { primary: '#2f6fdf', accent: '#22a6b3', background: '#f7fafc', foreground: '#0f1b2d' },
  vibrant: { primary: '#7c3aed', accent: '#f43f5e', background: '#ffffff', foreground: '#140f24' },
  muted: { primary: '#5b6b78', accent: '#a3a99f', background: '#f6f6f3', foreground: '#1f2529' },
  ocean: { primary: '#0e7490', accent: '#38bdf8', background: '#f5fbfd', foreground: '#0b2530' },
  forest: { primary: '#2f6b45', accent: '#a3b18a', background: '#f7f8f3', foreground: '#17261b' },
  sunset: { primary: '#e4572e', accent: '#f3a712', background: '#fff8f1', foreground: '#2b1711' },
  corporate: { primary: '#1d4ed8', accent: '#64748b', background: '#ffffff', foreground: '#0f172a' },
  luxury: { primary: '#1c1917', accent: '#b08d57', background: '#faf8f4', foreground: '#1c1917', darkBackground: '#0e0d0c' },
  calm: { primary: '#4f7c8a', accent: '#9bb7a5', background: '#f6f9f8', foreground: '#1c2b2f' },
  retro: { primary: '#d9480f', accent: '#2b8a3e', background: '#fdf6e3', foreground: '#2d2416' },
  energetic: { primary: '#f97316', accent: '#facc15', background: '#ffffff', foreground: '#111111', darkBackground: '#0b0b0c' },
  coffee: { primary: '#7b4a2d', accent: '#d9a066', background: '#fbf7f1', foreground: '#2a1c14', darkBackground: '#16110d' },
  rose: { primary: '#b4566b', accent: '#d6b59b', background: '#fcf9f7', foreground: '#2a1d20' },
  indigo: { primary: '#4f46e5', accent: '#22d3ee', background: '#ffffff', foreground: '#111827' },
  green: { primary: '#1f6f4a', accent: '#9ccf7a', background: '#f8faf7', foreground: '#14231b' },
} as const satisfies Record<string, PaletteSeed>;

export type PaletteName = keyof typeof PALETTES;

/** Palette words as people write them → a curated palette. Neutral / minimalist means the template's own. */
export const PALETTE_WORDS: readonly (readonly [RegExp, PaletteName | 'neutral'])[] = [
  [/\bearth(?:y| tones?)\b|\bnatural tones\b|\borganic\b/, 'earthy'],
  [/\bpastels?\b/, 'pastel'],
  [/\bneon\b|\bcyberpunk\b/, 'neon'],
  [/\bmonochrome\b|\bmonochromatic\b|\bblack and white\b|\bgrayscale\b|\bgreyscale\b/, 'monochrome'],
  [/\bocean\b|\bcoastal\b|\bnautical\b/, 'ocean'],
  [/\bforest\b|\bnature\b|\bbotanical\b/, 'forest'],
  [/\bsunset\b|\bsunny\b|\bsummer(?:y)?\b/, 'sunset'],
  [/\bcorporate\b|\bprofessional\b|\bbusiness-like\b/, 'corporate'],
  [/\bluxur(?:y|ious)\b|\belegant\b|\bupscale\b/, 'luxury'],
  [/\bcalm(?:ing)?\b|\bsoothing\b|\bserene\b|\btranquil\b/, 'calm'],
  [/\bretro\b|\bvintage\b/, 'retro'],
  [/\bvibrant\b|\bplayful\b|\bcolou?rful\b|\bbold colou?rs?\b|\bfun\b/, 'vibrant'],
  [/\bmuted\b|\bsubdued\b|\bunderstated\b/, 'muted'],
  [/\bwarm (?:palette|colou?rs?|tones?)\b/, 'warm'],
  [/\bcool (?:palette|colou?rs?|tones?)\b/, 'cool'],
  [/\bneutral (?:palette|colou?rs?|tones?)\b|\bminimal(?:ist|istic)?\b|\bclean\b/, 'neutral'],
];
