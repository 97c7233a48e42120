import { DesignDirection } from '@sprout/core/contract';

// A model's design directions for a new project, read from its plan: each a palette (four colours),
// light or dark, a type style and a density, which the chat draws as a thumbnail. Lenient on what a
// model leaves out (an id, the words a Build sends, "colors" for "palette"), strict on the colours:
// a direction that cannot be drawn, or whose text would not be read, is dropped, never guessed.

const TYPES = ['sans', 'serif', 'mono'] as const;
const DENSITIES = ['compact', 'comfortable', 'airy'] as const;

const text = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ').slice(0, max) : '');
const oneOf = <T extends string>(v: unknown, allowed: readonly T[], otherwise: T): T =>
  typeof v === 'string' && (allowed as readonly string[]).includes(v.trim().toLowerCase()) ? (v.trim().toLowerCase() as T) : otherwise;
const hex = (v: unknown): string | null => {
  const s = text(v, 9).toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(s)) return s;
  // #abc is #aabbcc, as CSS reads it.
  return /^#[0-9a-f]{3}$/.test(s) ? `#${[...s.slice(1)].map((c) => c + c).join('')}` : null;
};
const idOf = (name: string, i: number) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || `direction-${i + 1}`;

// WCAG's contrast of two colours: a direction whose text would not be read on its page is dropped.
const luminance = (c: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = Number.parseInt(c.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

/** What a Build sends for a model's direction (the chat's approval adds its description and colours). */
const wordsOf = (name: string, dark: boolean) => `the “${name}” design${dark ? ', dark mode' : ''}`;

/** The directions of a plan's `directions` list that can be drawn (at most three, names kept apart). */
export function readDirections(raw: unknown): DesignDirection[] {
  if (!Array.isArray(raw)) return [];
  const out: DesignDirection[] = [];
  const ids = new Set<string>();
  for (const [i, item] of raw.slice(0, 6).entries()) {
    if (out.length === 3) break;
    const r = (item ?? {}) as Record<string, unknown>;
    const colours = (r.palette ?? r.colors ?? r.colours ?? {}) as Record<string, unknown>;
    const palette = {
      primary: hex(colours.primary),
      accent: hex(colours.accent ?? colours.secondary),
      background: hex(colours.background),
      foreground: hex(colours.foreground ?? colours.text),
    };
    const name = text(r.name, 40);
    const description = text(r.description, 200) || name;
    if (!name || Object.values(palette).some((c) => c === null)) continue;
    const drawn = palette as DesignDirection['palette'];
    if (contrast(drawn.foreground, drawn.background) < 4.5) continue;
    let id = idOf(name, i);
    if (ids.has(id)) id = `${id.slice(0, 36)}-${i + 1}`;
    const dark = typeof r.dark === 'boolean' ? r.dark : false;
    const direction = {
      id,
      name,
      description,
      words: text(r.words, 200) || wordsOf(name, dark),
      palette: drawn,
      dark,
      type: oneOf(r.type, TYPES, 'sans'),
      density: oneOf(r.density, DENSITIES, 'comfortable'),
    };
    const checked = DesignDirection.safeParse(direction);
    if (!checked.success) continue;
    ids.add(id);
    out.push(checked.data);
  }
  return out;
}
