// A plan's design line: the theme an app's files really have (light or dark, the palette and where
// it came from, its main colours, from index.css and index.html as theme/ writes them) and how
// dense its screens are for this kind of app.

import type { FamilyId } from '../understand/families';

// How much each kind of app puts on a screen.
const DENSITY: Partial<Record<FamilyId, string>> = {
  landing: 'Roomy, full-width sections one after another, a header with links to them.',
  b2b: 'Dense: stat tiles above a table (a list on phones).',
  internal: 'Dense: a sortable table with a toolbar for bulk actions (a list on phones).',
  kanban: 'Columns of compact cards; on phones the columns scroll sideways.',
};
const COMFORTABLE = 'Comfortable spacing.';

const HTML_TAG = /<html\b[^>]*>/i;

/** The value of a token in a block of index.css (`:root` for light, `.dark` for dark). */
function token(css: string, block: ':root' | '.dark', name: string): string | null {
  const body = new RegExp(`^${block.replace('.', '\\.')} \\{([^}]*)\\}`, 'm').exec(css)?.[1] ?? '';
  return new RegExp(`--${name}:\\s*([^;]+);`).exec(body)?.[1]?.trim() ?? null;
}

export interface DesignOptions {
  family: FamilyId | null;
  /** Asked for phones first ("mobile-first"). */
  mobile?: boolean;
}

/** "Light theme, colours: indigo palette (Sprout's choice for this kind of app): buttons #4f46e5 on #ffffff. …" */
export function designOf(files: ReadonlyMap<string, string>, o: DesignOptions): string {
  const css = files.get('client/src/index.css') ?? '';
  const dark = /\bclass\s*=\s*["'][^"']*\bdark\b/i.test(HTML_TAG.exec(files.get('client/index.html') ?? '')?.[0] ?? '');
  const note = /^\/\* Theme: (.*?)\. Light tokens/m.exec(css)?.[1] ?? 'the template’s neutral greys';
  const block = dark ? '.dark' : ':root';
  const primary = token(css, block, 'primary');
  const page = token(css, block, 'background');
  const colours = primary?.startsWith('#') && page?.startsWith('#') ? `: buttons and links ${primary} on a ${page} page` : '';
  return [
    `${dark ? 'Dark' : 'Light'} theme, colours: ${note}${colours}.`,
    (o.family && DENSITY[o.family]) ?? COMFORTABLE,
    ...(o.mobile ? ['Phones first: one column of big, thumb-friendly controls.'] : []),
    `Light or dark and the colours can be changed later (“make it dark”, “use an earthy palette”).`,
  ]
    .join(' ')
    .slice(0, 600);
}
