import type { StyleProperty } from './style-properties';

// A visual edit changes how an element looks through its Tailwind classes, one family at a time: the
// background is the element's `bg-<colour>` class, the padding its `p-*` class. This file knows which
// class belongs to which family (a prefix alone does not say it: `text-sm` is a size, `text-center` an
// alignment, `text-primary` a colour) and which classes setting a property replaces. The values a
// person may set, as closed lists, are in class-values.ts.

// The narrower classes some properties replace: sides of padding and margin, one axis of gap, a
// corner's radius, a border's width and one side's border colour.
type Narrow = `${'p' | 'm'}${'t' | 'r' | 'b' | 'l' | 's' | 'e'}` | 'gapX' | 'gapY' | 'radiusSide' | 'borderWidth' | 'borderSideColor';
/** The families a class can belong to. */
type Kind = StyleProperty | Narrow;

interface Parsed {
  kind: Kind;
  /** The value as the panel shows it and classFor accepts it: `emerald-700`, `#1f7a4d`, `4`, `lg`. */
  value: string;
}

// Setting a property removes every class that would fight with the new one: `p-4` wins over `pt-2`
// only if `pt-2` goes (Tailwind orders side paddings after `p-*`).
const REPLACES: Record<StyleProperty, readonly Kind[]> = {
  textColor: ['textColor'],
  backgroundColor: ['backgroundColor'],
  borderColor: ['borderColor', 'borderSideColor'],
  padding: ['padding', 'paddingX', 'paddingY', 'pt', 'pr', 'pb', 'pl', 'ps', 'pe'],
  paddingX: ['paddingX', 'pl', 'pr', 'ps', 'pe'],
  paddingY: ['paddingY', 'pt', 'pb'],
  margin: ['margin', 'marginX', 'marginY', 'mt', 'mr', 'mb', 'ml', 'ms', 'me'],
  marginX: ['marginX', 'ml', 'mr', 'ms', 'me'],
  marginY: ['marginY', 'mt', 'mb'],
  gap: ['gap', 'gapX', 'gapY'],
  fontSize: ['fontSize'],
  fontWeight: ['fontWeight'],
  radius: ['radius', 'radiusSide'],
  textAlign: ['textAlign'],
  visibility: ['visibility'],
};

/** `p` → padding, `px` → paddingX, `mt` → mt (a side, which only the wider properties replace). */
function spacingKind(prefix: string): Kind {
  const family = prefix.startsWith('p') ? 'padding' : 'margin';
  const axis = prefix.slice(1);
  return (axis === '' ? family : axis === 'x' || axis === 'y' ? `${family}${axis.toUpperCase()}` : prefix) as Kind;
}

const TEXT_ALIGN = new Set(['left', 'center', 'right', 'justify', 'start', 'end']);
const TEXT_NOT_COLOUR = new Set(['wrap', 'nowrap', 'balance', 'pretty', 'ellipsis', 'clip']);
const FONT_SIZE = /^(xs|sm|base|lg|xl|[2-9]xl)(?:\/\S+)?$/;
const FONT_WEIGHTS = ['thin', 'extralight', 'light', 'normal', 'medium', 'semibold', 'bold', 'extrabold', 'black'];
const BG_NOT_COLOUR = new Set(['auto', 'cover', 'contain', 'fixed', 'local', 'scroll', 'none', 'no-repeat']);
const BG_NOT_COLOUR_PREFIX = /^(clip|origin|blend|gradient|linear|radial|conic|size|position|repeat|attachment|image|bottom|top|left|right|center)(-|$)/;
const BORDER_NOT_COLOUR = new Set(['solid', 'dashed', 'dotted', 'double', 'hidden', 'none', 'collapse', 'separate']);
const RADIUS_SIZES = /^(none|xs|sm|md|lg|xl|2xl|3xl|4xl|full)$/;
const SPACING_LIKE = /^(\d+(\.\d+)?|px|\[[^\]\s]+\]|\([^)\s]+\))$/;
const COLOUR_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*(\/(\d{1,3}|\[[^\]\s]+\]))?$/;
const ARBITRARY = /^(\[[^\]\s]+\]|\([^)\s]+\))(\/(\d{1,3}|\[[^\]\s]+\]))?$/;

/** A variant (`hover:`, `md:`, `dark:`, `[&_svg]:`) has a colon outside brackets; important (`!`) is left alone too. */
function isPlain(cls: string): boolean {
  if (cls.startsWith('!') || cls.endsWith('!')) return false;
  let depth = 0;
  for (const ch of cls) {
    if (ch === '[' || ch === '(') depth++;
    else if (ch === ']' || ch === ')') depth--;
    else if (ch === ':' && depth === 0) return false;
  }
  return true;
}

/** What an arbitrary value (`[#123]`, `[14px]`, `(--brand)`) is, the way Tailwind decides it. */
function arbitraryType(suffix: string): 'colour' | 'length' | 'other' | null {
  const m = ARBITRARY.exec(suffix);
  if (!m) return null;
  const inner = m[1]!.slice(1, -1);
  const hint = /^([a-z-]+):/.exec(inner)?.[1];
  if (hint) return hint === 'color' ? 'colour' : hint === 'length' ? 'length' : 'other';
  if (m[1]!.startsWith('(') || /^(--|#[0-9a-f]{3,8}$|(rgba?|hsla?|oklch|oklab|lab|lch|hwb|color|color-mix|var)\()/i.test(inner)) return 'colour';
  if (/^(-?[\d.]|(calc|min|max|clamp)\()/.test(inner)) return 'length';
  return 'other';
}

const isColourSuffix = (suffix: string) => (arbitraryType(suffix) ?? (COLOUR_NAME.test(suffix) ? 'colour' : null)) === 'colour';

/** `[#1f7a4d]/50` reads as `#1f7a4d/50`, the way it is set. */
const colourValue = (suffix: string) => suffix.replace(/^\[(#[0-9a-fA-F]{3,8})\]/, '$1');

function parseText(suffix: string): Parsed | null {
  if (TEXT_ALIGN.has(suffix)) return { kind: 'textAlign', value: suffix };
  if (TEXT_NOT_COLOUR.has(suffix) || suffix.startsWith('shadow')) return null;
  const size = FONT_SIZE.exec(suffix);
  if (size) return { kind: 'fontSize', value: size[1]! };
  const type = arbitraryType(suffix);
  if (type === 'length') return { kind: 'fontSize', value: suffix };
  return isColourSuffix(suffix) ? { kind: 'textColor', value: colourValue(suffix) } : null;
}

function parseBackground(suffix: string): Parsed | null {
  if (BG_NOT_COLOUR.has(suffix) || BG_NOT_COLOUR_PREFIX.test(suffix)) return null;
  return isColourSuffix(suffix) ? { kind: 'backgroundColor', value: colourValue(suffix) } : null;
}

const isBorderWidth = (suffix: string) => /^(\d+|px)$/.test(suffix) || arbitraryType(suffix) === 'length';

function parseBorder(suffix: string): Parsed | null {
  if (isBorderWidth(suffix)) return { kind: 'borderWidth', value: suffix };
  const side = /^(x|y|t|r|b|l|s|e)(?:-(.+))?$/.exec(suffix);
  if (side) {
    const rest = side[2];
    if (rest === undefined || isBorderWidth(rest)) return { kind: 'borderWidth', value: suffix };
    return isColourSuffix(rest) ? { kind: 'borderSideColor', value: suffix } : null;
  }
  if (BORDER_NOT_COLOUR.has(suffix) || suffix.startsWith('spacing')) return null;
  return isColourSuffix(suffix) ? { kind: 'borderColor', value: colourValue(suffix) } : null;
}

function parseClass(cls: string): Parsed | null {
  if (!isPlain(cls)) return null;
  if (cls === 'hidden' || cls === 'invisible' || cls === 'visible') return { kind: 'visibility', value: cls };
  if (cls === 'rounded') return { kind: 'radius', value: 'DEFAULT' };
  if (cls === 'border') return { kind: 'borderWidth', value: '' };
  const negative = cls.startsWith('-');
  const body = negative ? cls.slice(1) : cls;
  const spacing = /^(p[xytrblse]?|m[xytrblse]?)-(.+)$/.exec(body);
  if (spacing) {
    const margin = spacing[1]!.startsWith('m');
    const value = spacing[2]!;
    if ((negative && !margin) || !(SPACING_LIKE.test(value) || (margin && !negative && value === 'auto'))) return null;
    return { kind: spacingKind(spacing[1]!), value: negative ? `-${value}` : value };
  }
  if (negative) return null;
  const gap = /^gap(-x|-y)?-(.+)$/.exec(cls);
  if (gap) return SPACING_LIKE.test(gap[2]!) ? { kind: gap[1] === '-x' ? 'gapX' : gap[1] === '-y' ? 'gapY' : 'gap', value: gap[2]! } : null;
  if (/^rounded-(t|r|b|l|s|e|tl|tr|br|bl|ss|se|es|ee)(-.+)?$/.test(cls)) return { kind: 'radiusSide', value: cls.slice(8) };
  if (cls.startsWith('rounded-')) {
    const value = cls.slice(8);
    return RADIUS_SIZES.test(value) || arbitraryType(value) !== null ? { kind: 'radius', value } : null;
  }
  const weight = /^font-(\w+|\[\d+\])$/.exec(cls)?.[1];
  if (weight) return FONT_WEIGHTS.includes(weight) || weight.startsWith('[') ? { kind: 'fontWeight', value: weight } : null;
  if (cls.startsWith('text-')) return parseText(cls.slice(5));
  if (cls.startsWith('bg-')) return parseBackground(cls.slice(3));
  if (cls.startsWith('border-')) return parseBorder(cls.slice(7));
  return null;
}

const isProperty = (kind: Kind): kind is StyleProperty => Object.hasOwn(REPLACES, kind);

/** The property an unprefixed class sets (`text-sm` → fontSize); null for variants and for classes no property owns. */
export function familyOf(className: string): StyleProperty | null {
  const kind = parseClass(className)?.kind;
  return kind && isProperty(kind) ? kind : null;
}

/** Whether setting `property` removes `className` (its own family and the narrower classes it covers: `padding` removes `pt-2`). */
export function replaces(property: StyleProperty, className: string): boolean {
  const kind = parseClass(className)?.kind;
  return kind !== undefined && REPLACES[property].includes(kind);
}

/** Whether a class list gives the element a border width (`border`, `border-2`, `border-t`); a colour alone draws nothing. */
export function hasBorderWidth(classList: string): boolean {
  return classes(classList).some((c) => parseClass(c)?.kind === 'borderWidth');
}

const classes = (classList: string) => classList.split(/\s+/).filter(Boolean);

/**
 * The class list with `property` set to `className` (null or '' removes it): the classes it replaces
 * go, the new one is appended, every other class keeps its place. A border colour brings `border`
 * when nothing gives the element a border width.
 */
export function replaceClass(classList: string, property: StyleProperty, className: string | null): string {
  const kept = classes(classList).filter((c) => !replaces(property, c));
  const added = classes(className ?? '');
  if (property === 'borderColor' && added.length > 0 && !hasBorderWidth(kept.join(' '))) added.unshift('border');
  for (const c of added) if (!kept.includes(c)) kept.push(c);
  return kept.join(' ');
}

/** The value of `property` in a class list (the last class of its family), as classFor takes it; null when none. */
export function currentValue(classList: string, property: StyleProperty): string | null {
  let value: string | null = null;
  for (const c of classes(classList)) {
    const parsed = parseClass(c);
    if (parsed?.kind === property) value = parsed.value;
  }
  return value;
}

export { classFor, styleLabel } from './class-values';
