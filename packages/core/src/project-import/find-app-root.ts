/**
 * The layouts an import recognises. `sprout`: Sprout's own (an export, or a clone of a project):
 * `client/index.html`, kept as it is. `vite`: a Vite app (`index.html` and `src/` at its root; what
 * Lovable, Bolt and `npm create vite` make). `cra`: Create React App (`public/index.html` and
 * `src/index.js`).
 */
export type AppLayout = 'sprout' | 'vite' | 'cra';

/** Where the app is in what was imported: its folder (`''`: the root, else ending in `/`) and its layout. */
export interface AppRoot {
  folder: string;
  layout: AppLayout;
}

// Folders a repository keeps its web app in beside a server, in the order they are preferred.
const APP_FOLDERS = ['frontend', 'client', 'web', 'app', 'ui', 'site', 'www'];
const MAX_DEPTH = 3;
const CRA_ENTRY = /^src\/index\.(?:jsx?|tsx?)$/;

function layoutAt(paths: ReadonlySet<string>, folder: string, under: readonly string[]): AppLayout | null {
  const has = (p: string) => paths.has(folder + p);
  // A `client/` with a package.json of its own is a monorepo's app, not Sprout's layout.
  if (has('client/index.html') && !has('client/package.json')) return 'sprout';
  const hasSrc = under.some((p) => p.startsWith('src/'));
  if (has('index.html') && hasSrc) return 'vite';
  if (has('public/index.html') && under.some((p) => CRA_ENTRY.test(p))) return 'cra';
  return null;
}

const rank = (folder: string) => {
  const name = folder.slice(0, -1).split('/').pop()!;
  const known = APP_FOLDERS.indexOf(name);
  return [known === -1 ? APP_FOLDERS.length : known, folder.split('/').length];
};

/**
 * The app's folder among `paths` (relative, `/`-separated): the root when it holds an app, else a
 * folder at most three deep, preferring the usual names of a monorepo's web app (`frontend/`,
 * `client/`…), then the shallowest, then by name. Null when no folder holds a recognised app.
 */
export function findAppRoot(paths: readonly string[]): AppRoot | null {
  const set = new Set(paths);
  const byFolder = new Map<string, string[]>([['', [...paths]]]);
  for (const path of paths) {
    const parts = path.split('/');
    for (let depth = 1; depth < parts.length && depth <= MAX_DEPTH; depth++) {
      const folder = `${parts.slice(0, depth).join('/')}/`;
      const rest = parts.slice(depth).join('/');
      const list = byFolder.get(folder);
      if (list) list.push(rest);
      else byFolder.set(folder, [rest]);
    }
  }
  const candidates = [...byFolder.keys()].sort((a, b) => {
    if (a === '' || b === '') return a === '' ? -1 : 1;
    const [ka, da] = rank(a);
    const [kb, db] = rank(b);
    return ka! - kb! || da! - db! || (a < b ? -1 : a > b ? 1 : 0);
  });
  for (const folder of candidates) {
    const layout = layoutAt(set, folder, byFolder.get(folder)!);
    if (layout) return { folder, layout };
  }
  return null;
}

/**
 * The one folder every path is in (a zip made of a folder: an export, GitHub's download), with its
 * trailing slash; `''` when the paths do not share one.
 */
export function wrapperFolder(paths: readonly string[]): string {
  const first = paths[0]?.split('/');
  if (!first || first.length < 2) return '';
  const prefix = `${first[0]}/`;
  return paths.every((p) => p.startsWith(prefix) && p.length > prefix.length) ? prefix : '';
}

/** Why what was imported is not an app Sprout can run, in words for the person. */
export function notAnAppReason(paths: readonly string[]): string {
  const start = 'This does not look like a Vite or React project: ';
  if (paths.length === 0) return `${start}there are no files in it that Sprout could use.`;
  const names = paths.map((p) => p.split('/').pop()!);
  if (names.some((n) => /^next\.config\.[cm]?[jt]s$/.test(n))) return `${start}it is a Next.js app (next.config), which Sprout cannot run.`;
  if (names.some((n) => /^(?:nuxt|svelte|angular|astro)\.config\.[cm]?[jt]s$|^angular\.json$/.test(n))) {
    return `${start}it is made with another framework (Nuxt, SvelteKit, Angular or Astro); Sprout runs React apps built with Vite.`;
  }
  return `${start}no index.html beside a src/ folder (Vite), public/index.html with src/index.js (Create React App) or client/index.html (a Sprout export) was found at its root or in a folder such as frontend/ or client/.`;
}
