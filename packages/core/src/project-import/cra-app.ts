// Create React App's conventions, turned into Vite's: its page has no script tag (webpack added
// one) and names public files through %PUBLIC_URL%, and its .js files may hold JSX, which Vite (and
// Sprout's build) read only from .jsx files.

/** CRA's `public/index.html` as Vite's `index.html`, loading `entry` (a path under `src/`). */
export function craPage(html: string, entry: string): string {
  const page = html.replace(/%PUBLIC_URL%/g, '');
  const script = `<script type="module" src="/${entry}"></script>`;
  const close = page.search(/<\/body\s*>/i);
  return close === -1 ? `${page.trimEnd()}\n${script}\n` : `${page.slice(0, close)}  ${script}\n  ${page.slice(close)}`;
}

// A closing tag, a self-closing element or a fragment: what only JSX writes.
const JSX_MARKS = /<\/[A-Za-z][\w.:-]*\s*>|<[A-Za-z][\w.:-]*(?:\s[^<>]*)?\/>|<>|<\/>/;

/** Whether a .js file holds JSX (and so must be a .jsx file to build). */
export function holdsJsx(code: string): boolean {
  return JSX_MARKS.test(code);
}

/** The entry module of a CRA app among its target paths (`client/src/index.js`…), preferring TypeScript. */
export function craEntry(paths: Iterable<string>): string | null {
  const set = new Set(paths);
  for (const ext of ['tsx', 'ts', 'jsx', 'js']) if (set.has(`client/src/index.${ext}`)) return `client/src/index.${ext}`;
  return null;
}
