import type { AppLayout } from './find-app-root';
import type { SkipRule } from './skip-rules';

/** Where a file of the app lands in the project, or why it does not. */
export type Placement = { to: string } | SkipRule;

// The person's own files at the root of a Vite or CRA app that a Sprout project keeps at its root.
const ROOT_FILES = new Set(['package.json', '.gitignore', '.prettierrc', '.env.example']);
const OWN_CONFIG = /^(?:vite\.config\.[cm]?[jt]s|tsconfig(?:\.[\w-]+)?\.json|jsconfig\.json)$/;
const TAILWIND_CONFIG = /^(?:tailwind|postcss)\.config\.[cm]?[jt]s$/;

/**
 * Where `rel` (a path inside the app's folder) goes in Sprout's layout (docs/architecture.md#importing-a-project):
 * a Sprout project's files stay where they are; a Vite or CRA app's `src/`, `public/` and page move
 * into `client/` (Vite's root in Sprout), its package.json, README and ignore file stay at the root,
 * and its own tool settings give way to Sprout's. Everything else stays out, a folder as one entry.
 */
export function placeInLayout(layout: AppLayout, rel: string): Placement {
  if (layout === 'sprout') return { to: rel };
  const parts = rel.split('/');
  const top = parts[0]!;
  if (top === 'src' || top === 'public') {
    // CRA's page becomes Vite's index.html (finishImport rewrites it).
    if (layout === 'cra' && rel === 'public/index.html') return { to: 'client/index.html' };
    return { to: `client/${rel}` };
  }
  if (parts.length > 1) return { reason: `Outside the app's src/ and public/ folders: Sprout runs the web app only.`, folder: top };
  if (rel === 'index.html' && layout === 'vite') return { to: 'client/index.html' };
  if (ROOT_FILES.has(rel) || /\.md$/i.test(rel)) return { to: rel };
  if (OWN_CONFIG.test(rel)) return { reason: "Sprout's own Vite and TypeScript settings are used (the app moves into client/)." };
  if (TAILWIND_CONFIG.test(rel)) {
    return { reason: 'Tailwind v3 and PostCSS settings: Sprout compiles Tailwind v4, whose theme lives in the CSS (ask in the chat to move it there).' };
  }
  return { reason: "Outside the app's src/ and public/ folders: Sprout runs the web app only." };
}
