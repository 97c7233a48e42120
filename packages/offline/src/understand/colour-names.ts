// Colour words people use, as hex. Designer names come first: "dark green" as a brand colour means
// a deep, slightly muted green, not CSS's #006400. The CSS named colours are the fallback.

const DESIGNER_COLOURS: Readonly<Record<string, string>> = {
  'off-white': '#f7f5ef',
  'off white': '#f7f5ef',
  cream: '#f8f1e3',
  ivory: '#fbf8ef',
  eggshell: '#f3efe2',
  bone: '#e9e4d8',
  sand: '#dcc9a3',
  beige: '#e8dcc4',
  oat: '#e6dccb',
  oatmeal: '#e6dccb',
  stone: '#a8a29e',
  greige: '#b6ada1',
  taupe: '#8b7d6b',
  terracotta: '#c2613f',
  rust: '#b7472a',
  clay: '#b66a50',
  brick: '#a4432b',
  copper: '#b87333',
  amber: '#d97706',
  ochre: '#c48a2c',
  mustard: '#d4a72c',
  honey: '#e0a526',
  gold: '#c9a227',
  'burnt orange': '#cc5500',
  peach: '#f4a98a',
  apricot: '#f2a65a',
  coral: '#ef6f5a',
  salmon: '#f08a73',
  blush: '#e8b4b8',
  rose: '#e11d48',
  'dusty rose': '#c08081',
  pink: '#ec4899',
  'hot pink': '#ff3c8e',
  magenta: '#c026d3',
  fuchsia: '#c026d3',
  burgundy: '#7c1d2c',
  wine: '#722f37',
  maroon: '#7a1f2b',
  crimson: '#c0182f',
  red: '#dc2626',
  cherry: '#b5172e',
  scarlet: '#e0301e',
  plum: '#6d3a63',
  mauve: '#a5809a',
  lilac: '#b9a2d8',
  lavender: '#a78bfa',
  violet: '#7c3aed',
  purple: '#7e22ce',
  'deep purple': '#4c1d95',
  indigo: '#4f46e5',
  'royal blue': '#2d5bd8',
  navy: '#1e2a4a',
  'navy blue': '#1e2a4a',
  'midnight blue': '#1b2440',
  blue: '#2563eb',
  'sky blue': '#38bdf8',
  'baby blue': '#9ccaf0',
  'light blue': '#7cb8e8',
  cobalt: '#1f4fbf',
  'electric blue': '#2f6bff',
  denim: '#3b5b87',
  slate: '#475569',
  steel: '#5b6b7d',
  'steel blue': '#4682b4',
  teal: '#0f766e',
  turquoise: '#14b8a6',
  aqua: '#22c3d6',
  cyan: '#06b6d4',
  petrol: '#1f5f6b',
  ocean: '#1d6a96',
  mint: '#7fd1ae',
  seafoam: '#8fd4bf',
  sage: '#8a9a7b',
  'sage green': '#8a9a7b',
  olive: '#6b7233',
  moss: '#5f6f3a',
  khaki: '#b8ad7a',
  lime: '#84cc16',
  'lime green': '#84cc16',
  'neon green': '#39ff88',
  green: '#16a34a',
  emerald: '#059669',
  jade: '#2e8b6e',
  'forest green': '#1f4d2e',
  forest: '#1f4d2e',
  'dark green': '#1f4d3a',
  'bottle green': '#0f4d32',
  'hunter green': '#2f5a3a',
  'racing green': '#134a35',
  pine: '#1f4a3c',
  brown: '#7a4b2a',
  'warm brown': '#7a4b2a',
  chocolate: '#5a3825',
  espresso: '#3b2a21',
  coffee: '#6f4e37',
  mocha: '#7b5a48',
  caramel: '#b9793b',
  tan: '#c8a27a',
  camel: '#c19a6b',
  walnut: '#5c4033',
  chestnut: '#8b4a2b',
  umber: '#635147',
  yellow: '#eab308',
  lemon: '#f5d90a',
  orange: '#f97316',
  tangerine: '#f28c28',
  charcoal: '#2b2d31',
  graphite: '#3a3d42',
  black: '#0b0b0c',
  'jet black': '#0a0a0a',
  'off-black': '#16171a',
  white: '#ffffff',
  'pure white': '#ffffff',
  snow: '#fbfbfb',
  grey: '#6b7280',
  gray: '#6b7280',
  'light grey': '#d4d4d8',
  'light gray': '#d4d4d8',
  'dark grey': '#3f3f46',
  'dark gray': '#3f3f46',
  silver: '#c0c4cc',
  pearl: '#eeeae3',
  platinum: '#e5e4e2',
};

// CSS Color Module named colours (the ones not already above), name → hex.
const CSS_NAMED =
  'aliceblue:f0f8ff antiquewhite:faebd7 aquamarine:7fffd4 azure:f0ffff bisque:ffe4c4 blanchedalmond:ffebcd blueviolet:8a2be2 ' +
  'burlywood:deb887 cadetblue:5f9ea0 chartreuse:7fff00 cornflowerblue:6495ed cornsilk:fff8dc darkblue:00008b darkcyan:008b8b ' +
  'darkgoldenrod:b8860b darkkhaki:bdb76b darkmagenta:8b008b darkolivegreen:556b2f darkorange:ff8c00 darkorchid:9932cc darkred:8b0000 ' +
  'darksalmon:e9967a darkseagreen:8fbc8f darkslateblue:483d8b darkslategray:2f4f4f darkslategrey:2f4f4f darkturquoise:00ced1 ' +
  'darkviolet:9400d3 deeppink:ff1493 deepskyblue:00bfff dimgray:696969 dimgrey:696969 dodgerblue:1e90ff firebrick:b22222 ' +
  'floralwhite:fffaf0 forestgreen:228b22 gainsboro:dcdcdc ghostwhite:f8f8ff goldenrod:daa520 greenyellow:adff2f honeydew:f0fff0 ' +
  'hotpink:ff69b4 indianred:cd5c5c lavenderblush:fff0f5 lawngreen:7cfc00 lemonchiffon:fffacd lightcoral:f08080 lightcyan:e0ffff ' +
  'lightgoldenrodyellow:fafad2 lightgreen:90ee90 lightpink:ffb6c1 lightsalmon:ffa07a lightseagreen:20b2aa lightskyblue:87cefa ' +
  'lightslategray:778899 lightsteelblue:b0c4de lightyellow:ffffe0 limegreen:32cd32 linen:faf0e6 mediumaquamarine:66cdaa ' +
  'mediumblue:0000cd mediumorchid:ba55d3 mediumpurple:9370db mediumseagreen:3cb371 mediumslateblue:7b68ee mediumspringgreen:00fa9a ' +
  'mediumturquoise:48d1cc mediumvioletred:c71585 midnightblue:191970 mintcream:f5fffa mistyrose:ffe4e1 moccasin:ffe4b5 ' +
  'navajowhite:ffdead oldlace:fdf5e6 olivedrab:6b8e23 orangered:ff4500 orchid:da70d6 palegoldenrod:eee8aa palegreen:98fb98 ' +
  'paleturquoise:afeeee palevioletred:db7093 papayawhip:ffefd5 peachpuff:ffdab9 peru:cd853f powderblue:b0e0e6 rebeccapurple:663399 ' +
  'rosybrown:bc8f8f royalblue:4169e1 saddlebrown:8b4513 sandybrown:f4a460 seagreen:2e8b57 seashell:fff5ee sienna:a0522d ' +
  'skyblue:87ceeb slateblue:6a5acd slategray:708090 slategrey:708090 springgreen:00ff7f thistle:d8bfd8 tomato:ff6347 wheat:f5deb3 ' +
  'whitesmoke:f5f5f5 yellowgreen:9acd32';

const CSS_COLOURS: Readonly<Record<string, string>> = Object.fromEntries(
  CSS_NAMED.split(' ').map((pair) => {
    const [name, hex] = pair.split(':') as [string, string];
    return [name, `#${hex}`];
  }),
);

/**
 * Colour words that are colours whatever the sentence; the others ("gold", "chocolate", "mint",
 * "coffee") only count where the sentence talks about colours, so a menu or a "gold plan" is not a theme.
 */
export const UNAMBIGUOUS = new Set([
  'red',
  'blue',
  'green',
  'yellow',
  'purple',
  'pink',
  'orange',
  'black',
  'white',
  'grey',
  'gray',
  'brown',
  'teal',
  'navy',
  'beige',
  'turquoise',
  'cyan',
  'magenta',
  'violet',
  'indigo',
  'maroon',
  'terracotta',
  'sage',
  'off-white',
  'off white',
  'burgundy',
  'lavender',
  'charcoal',
  'emerald',
  'crimson',
  'fuchsia',
  'lilac',
  'mauve',
  'ochre',
  'mustard',
  'cobalt',
  'scarlet',
  'aqua',
  'khaki',
  'taupe',
]);

/** Every known name, longest first, so "dark green" wins over "green". */
export const ALL_COLOUR_NAMES: readonly string[] = [...new Set([...Object.keys(DESIGNER_COLOURS), ...Object.keys(CSS_COLOURS)])].sort(
  (a, b) => b.length - a.length,
);

export function hexOfName(name: string): string | undefined {
  const key = name.toLowerCase();
  return DESIGNER_COLOURS[key] ?? CSS_COLOURS[key] ?? CSS_COLOURS[key.replace(/[\s-]/g, '')];
}
