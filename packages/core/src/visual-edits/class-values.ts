import type { StyleProperty } from './style-properties';

// The values a person may set in the edit panel, as closed lists: a value becomes a class only when it
// is one of them (or a hex code), so a value can never carry a space, a quote, a variant or `url(`
// into the source.

const HUES = ['slate', 'gray', 'zinc', 'neutral', 'stone', 'red', 'orange', 'amber', 'yellow', 'lime', 'green', 'emerald', 'teal', 'cyan', 'sky', 'blue'];
const MORE_HUES = ['indigo', 'violet', 'purple', 'fuchsia', 'pink', 'rose'];
const SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950];
// shadcn-style theme tokens: the app's own colours, defined in its index.css.
const TOKENS = ['primary', 'primary-foreground', 'secondary', 'secondary-foreground', 'muted', 'muted-foreground', 'accent', 'accent-foreground'];
const MORE_TOKENS = ['destructive', 'background', 'foreground', 'card', 'card-foreground', 'border', 'input', 'ring'];
const COLOURS = new Set([
  ...[...HUES, ...MORE_HUES].flatMap((hue) => SHADES.map((shade) => `${hue}-${shade}`)),
  ...['white', 'black', 'transparent', 'current'],
  ...TOKENS,
  ...MORE_TOKENS,
]);
const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

const SPACING = new Set(['0', 'px', '0.5', '1', '1.5', '2', '2.5', '3', '3.5', '4', '5', '6', '7', '8', '9', '10', '11', '12', '14', '16', '20', '24', '28']);
for (const n of [32, 36, 40, 44, 48, 52, 56, 60, 64, 72, 80, 96]) SPACING.add(String(n));
const FONT_SIZES = new Set(['xs', 'sm', 'base', 'lg', 'xl', '2xl', '3xl', '4xl', '5xl', '6xl', '7xl', '8xl', '9xl']);
const FONT_WEIGHTS = new Set(['thin', 'extralight', 'light', 'normal', 'medium', 'semibold', 'bold', 'extrabold', 'black']);
const RADII = new Set(['none', 'xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl', '4xl', 'full']);
const ALIGNS = new Set(['left', 'center', 'right', 'justify', 'start', 'end']);

const LABELS: Record<StyleProperty, string> = {
  textColor: 'text colour',
  backgroundColor: 'background',
  borderColor: 'border colour',
  padding: 'padding',
  paddingX: 'horizontal padding',
  paddingY: 'vertical padding',
  margin: 'margin',
  marginX: 'horizontal margin',
  marginY: 'vertical margin',
  gap: 'gap',
  fontSize: 'font size',
  fontWeight: 'font weight',
  radius: 'corner radius',
  textAlign: 'text alignment',
  visibility: 'visibility',
};

/** How a property is named in sentences: "background", "text colour". */
export const styleLabel = (property: StyleProperty): string => LABELS[property];

const PREFIX: Partial<Record<StyleProperty, string>> = {
  textColor: 'text',
  backgroundColor: 'bg',
  borderColor: 'border',
  padding: 'p',
  paddingX: 'px',
  paddingY: 'py',
  margin: 'm',
  marginX: 'mx',
  marginY: 'my',
  gap: 'gap',
  fontSize: 'text',
  fontWeight: 'font',
  textAlign: 'text',
};

/** A colour as a class suffix: a palette name or theme token, or a hex code as an arbitrary value, with an optional opacity (`/50`). */
function colourSuffix(value: string): string | null {
  const m = /^(\[?#[0-9a-fA-F]+\]?|[a-z0-9-]+)(?:\/(\d{1,3}))?$/.exec(value);
  if (!m || (m[2] !== undefined && Number(m[2]) > 100)) return null;
  const base = m[1]!.replace(/^\[(#.*)\]$/, '$1');
  const suffix = HEX.test(base) ? `[${base.toLowerCase()}]` : COLOURS.has(base) ? base : null;
  return suffix === null ? null : m[2] === undefined ? suffix : `${suffix}/${m[2]}`;
}

/** A spacing value as a class suffix; margins may also be `auto` or negative (`-2` → `-m-2`). */
function spacingSuffix(value: string, margin: boolean): { suffix: string; negative: boolean } | null {
  if (margin && value === 'auto') return { suffix: value, negative: false };
  const negative = margin && value.startsWith('-') && value !== '-0';
  const magnitude = negative ? value.slice(1) : value;
  return SPACING.has(magnitude) ? { suffix: magnitude, negative } : null;
}

const COLOUR_HELP = 'a colour from the palette (like emerald-700 or primary) or a hex code like #1f7a4d';
const SPACING_HELP = 'a value of the spacing scale: 0, px, 0.5, 1, 1.5, 2 … 12, 14, 16, 20, 24 … 96';

function refusal(property: StyleProperty): string {
  const label = LABELS[property];
  const name = label[0]!.toUpperCase() + label.slice(1);
  switch (property) {
    case 'textColor':
    case 'backgroundColor':
    case 'borderColor':
      return `${name} must be ${COLOUR_HELP}.`;
    case 'margin':
    case 'marginX':
    case 'marginY':
      return `${name} must be ${SPACING_HELP}, or auto.`;
    case 'padding':
    case 'paddingX':
    case 'paddingY':
    case 'gap':
      return `${name} must be ${SPACING_HELP}.`;
    case 'fontSize':
      return `${name} must be one of xs, sm, base, lg, xl, 2xl, 3xl … 9xl.`;
    case 'fontWeight':
      return `${name} must be one of thin, extralight, light, normal, medium, semibold, bold, extrabold, black.`;
    case 'radius':
      return `${name} must be one of none, sm, DEFAULT, md, lg, xl, 2xl, 3xl, 4xl, full.`;
    case 'textAlign':
      return `${name} must be left, center, right or justify.`;
    case 'visibility':
      return `${name} must be hidden or visible.`;
  }
}

/** The suffix of the class for `value`, or null when the value is not one the property takes. */
function suffixFor(property: StyleProperty, value: string): string | null {
  switch (property) {
    case 'textColor':
    case 'backgroundColor':
    case 'borderColor':
      return colourSuffix(value);
    case 'fontSize':
      return FONT_SIZES.has(value) ? value : null;
    case 'fontWeight':
      return FONT_WEIGHTS.has(value) ? value : null;
    case 'textAlign':
      return ALIGNS.has(value) ? value : null;
    default: {
      const spacing = spacingSuffix(value, property.startsWith('margin'));
      return spacing && (spacing.negative ? `-${spacing.suffix}` : spacing.suffix);
    }
  }
}

/**
 * The class that sets `property` to `value`, checked against the property's closed list of values.
 * `visible` is the absence of a class: its className is ''.
 */
export function classFor(property: StyleProperty, value: string): { ok: true; className: string } | { ok: false; message: string } {
  const refused = { ok: false as const, message: refusal(property) };
  if (property === 'visibility')
    return value === 'hidden' || value === 'invisible' ? { ok: true, className: value } : value === 'visible' ? { ok: true, className: '' } : refused;
  if (property === 'radius') {
    if (value === '' || value === 'DEFAULT' || value === 'base') return { ok: true, className: 'rounded' };
    return RADII.has(value) ? { ok: true, className: `rounded-${value}` } : refused;
  }
  const suffix = suffixFor(property, value);
  if (suffix === null) return refused;
  // A negative margin puts the minus before the prefix: -m-2.
  return suffix.startsWith('-') ? { ok: true, className: `-${PREFIX[property]}-${suffix.slice(1)}` } : { ok: true, className: `${PREFIX[property]}-${suffix}` };
}
