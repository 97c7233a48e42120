// Files and decisions every family shares: the page, the theme, the config header, the shared
// library files, and the app's name.

import type { AppSpec } from '../understand/understand';
import type { FamilyId } from '../understand/families';
import { joinList, titleCase } from '../understand/text';
import { PALETTES, type PaletteName, type PaletteSeed } from '../theme/palettes';
import { themeCss } from '../theme/theme-css';
import { source, type GeneratedFile } from './source';

/** The first line of every generated config.ts: follow-ups read the family from it. */
const MARKER = '// Sprout offline builder';
const markerLine = (family: FamilyId, variant: string | null) => `${MARKER} · family: ${family}${variant ? ` · variant: ${variant}` : ''}`;

export function readMarker(config: string | undefined): { family: FamilyId; variant: string | null } | null {
  const m = /^\/\/ Sprout offline builder · family: ([a-z0-9]+)(?: · variant: ([a-z0-9]+))?/m.exec(config ?? '');
  return m ? { family: m[1] as FamilyId, variant: m[2] ?? null } : null;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function indexHtml(title: string, description: string, dark: boolean): string {
  return `<!doctype html>
<html lang="en"${dark ? ' class="dark"' : ''}>
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="${escapeHtml(description)}" />
    <title>${escapeHtml(title)}</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
`;
}

export interface Look {
  seed: PaletteSeed | null;
  dark: boolean;
  /** How the colours were chosen, for the chat and the stylesheet's header comment. */
  note: string;
}

/** The prompt's colours if any, else its palette word, else the family's own default. */
export function lookFor(spec: AppSpec, fallback: PaletteName | null, darkByDefault = false): Look {
  const dark = spec.dark ?? darkByDefault;
  const named = spec.colours.colours.map((c) => c.name);
  if (named.length) {
    const palette = spec.colours.palette && spec.colours.palette !== 'neutral' ? `${spec.colours.palette} palette of ` : '';
    return { seed: spec.seed, dark, note: `${palette}${joinList(named)} (from the prompt)` };
  }
  if (spec.colours.palette === 'neutral') return { seed: null, dark, note: 'neutral greys (from the prompt)' };
  if (spec.seed) return { seed: spec.seed, dark, note: `${spec.colours.palette} palette (from the prompt)` };
  return fallback
    ? { seed: PALETTES[fallback], dark, note: `${fallback} palette (Sprout's choice for this kind of app)` }
    : { seed: null, dark, note: 'neutral greys' };
}

/**
 * Shared files a family asks for. `data`: what apps that use their backend show while waiting and
 * on failure (a spinner, the error's message); `auth`: the sign-in screen of apps whose data is
 * shared by their signed-in users (includes `data`).
 */
export type SharedPart = 'storage' | 'fields' | 'surface' | 'data' | 'auth';

/** index.html, index.css and the shared library files a family asks for. */
export function baseFiles(opts: { title: string; description: string; look: Look; parts: SharedPart[]; noCards?: boolean }): GeneratedFile[] {
  const files: GeneratedFile[] = [
    { path: 'client/index.html', content: indexHtml(opts.title, opts.description, opts.look.dark) },
    { path: 'client/src/index.css', content: themeCss(opts.look.seed, opts.look.note) },
  ];
  if (opts.parts.includes('storage')) files.push({ path: 'client/src/lib/storage.ts', content: source('shared/lib/storage.ts') });
  if (opts.parts.includes('fields')) {
    files.push({ path: 'client/src/lib/fields.ts', content: source('shared/lib/fields.ts') });
    files.push({ path: 'client/src/components/FieldInput.tsx', content: source('shared/components/FieldInput.tsx') });
  }
  if (opts.parts.includes('data') || opts.parts.includes('auth')) {
    files.push({ path: 'client/src/lib/data.ts', content: source('shared/lib/data.ts') });
    files.push({ path: 'client/src/components/DataState.tsx', content: source('shared/components/DataState.tsx') });
  }
  if (opts.parts.includes('auth')) files.push({ path: 'client/src/components/AuthGate.tsx', content: source('shared/components/AuthGate.tsx') });
  if (opts.parts.includes('surface')) {
    files.push({
      path: 'client/src/components/Surface.tsx',
      content: source(opts.noCards ? 'shared/components/Surface.flat.tsx' : 'shared/components/Surface.cards.tsx'),
    });
  }
  return files;
}

/** The import a config.ts needs for form fields (families with the 'fields' part). */
export const FIELD_TYPE_IMPORT = "import type { Field } from '@/lib/fields';";

/** A config.ts: the marker, a comment on what to edit, the imports, then the exports. */
export function configFile(family: FamilyId, variant: string | null, about: string, body: string, imports: string[] = []): GeneratedFile {
  const head = [markerLine(family, variant), `// ${about}`, ...imports].join('\n');
  return { path: 'client/src/config.ts', content: `${head}\n\n${body.trimEnd()}\n` };
}

/** The app's name: the one the person gave, else one made from the subject. */
export function appName(spec: AppSpec, make: (subject: string | null) => string): string {
  return spec.name ?? make(spec.subject.subject ? shortSubject(spec.subject.subject) : null);
}

/** "small marketing agencies" → "Marketing Agencies"; "a personal fitness coach" → "Personal Fitness Coach". */
export function shortSubject(subject: string): string {
  const words = subject
    .replace(/\b(?:small|growing|local|busy|new|my|our|the|a|an)\b/gi, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return titleCase(words.slice(-3).join(' '));
}

export function honouredLook(look: Look): string {
  return `${look.dark ? 'Dark' : 'Light'} theme, colours: ${look.note}. "Make it dark/light" switches it.`;
}
