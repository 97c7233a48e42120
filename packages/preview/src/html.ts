import { createHash } from 'node:crypto';
import { CLIENT_ROOT, joinPath, type ProjectFiles } from './project-files';

export const INDEX_HTML = `${CLIENT_ROOT}/index.html`;
const FALLBACK_ENTRIES = ['client/src/main.tsx', 'client/src/main.ts', 'client/src/main.jsx', 'client/src/main.js'];

const DEFAULT_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Sprout app</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

export interface HtmlEntries {
  /** The page with the project's own module scripts taken out. */
  html: string;
  /** Project paths of the module scripts, in page order. */
  entries: string[];
}

const MODULE_SCRIPT = /<script\b([^>]*)>\s*<\/script>/gi;

/**
 * Finds the page's entry modules (`<script type="module" src="/src/main.tsx">`) the way Vite does and
 * removes them from the page, which gets the built bundle instead. A project without index.html
 * gets a plain page; one without any entry falls back to client/src/main.tsx.
 */
export function extractEntries(files: ProjectFiles): HtmlEntries | { error: string } {
  const source = files.get(INDEX_HTML) ?? DEFAULT_HTML;
  const entries: string[] = [];
  const missing: string[] = [];
  const html = source.replace(MODULE_SCRIPT, (tag, attrs: string) => {
    if (!/\btype\s*=\s*["']?module\b/i.test(attrs)) return tag;
    const src = /\bsrc\s*=\s*["']([^"']+)["']/i.exec(attrs)?.[1];
    if (!src || /^[a-z]+:|^\/\//i.test(src)) return tag;
    const target = src.startsWith('/') ? joinPath(CLIENT_ROOT, src.slice(1)) : joinPath(CLIENT_ROOT, src);
    if (target === null || !files.has(target)) {
      missing.push(src);
      return '';
    }
    entries.push(target);
    return '';
  });
  if (missing.length > 0) return { error: `index.html loads '${missing[0]}', which is not a file of the project.` };
  if (entries.length === 0) {
    const fallback = FALLBACK_ENTRIES.find((p) => files.has(p));
    if (!fallback)
      return { error: 'The project has no entry module: add client/src/main.tsx or a <script type="module" src="/src/main.tsx"> to client/index.html.' };
    entries.push(fallback);
  }
  return { html, entries };
}

export interface PageParts {
  /** Inline classic scripts that must run first (the runtime bridge). */
  headScripts: string[];
  importMap?: Record<string, string>;
  /** JSON data blocks (`<script type="application/json" id>`): never executed, so not in the CSP. */
  data?: { id: string; value: unknown }[];
  stylesheets: string[];
  /** Stylesheets named for the hot update client (`data-sprout-style`), after `stylesheets`. */
  namedStylesheets?: { id: string; href: string }[];
  /** Modules the page will need, fetched at once instead of import by import. */
  preloads?: string[];
  modules: string[];
}

/** Wires the built files into the page; returns it with the CSP hash of each inline script. */
export function assemblePage(html: string, parts: PageParts): { html: string; scriptHashes: string[] } {
  const inline: string[] = [];
  const tags: string[] = [];
  for (const script of parts.headScripts) {
    inline.push(script);
    tags.push(`<script>${script}</script>`);
  }
  if (parts.importMap) {
    const map = JSON.stringify({ imports: parts.importMap }).replaceAll('<', '\\u003c');
    inline.push(map);
    tags.push(`<script type="importmap">${map}</script>`);
  }
  for (const { id, value } of parts.data ?? [])
    tags.push(`<script type="application/json" id="${escapeAttr(id)}">${JSON.stringify(value).replaceAll('<', '\\u003c')}</script>`);
  for (const href of parts.stylesheets) tags.push(`<link rel="stylesheet" href="${escapeAttr(href)}" />`);
  for (const { id, href } of parts.namedStylesheets ?? [])
    tags.push(`<link rel="stylesheet" href="${escapeAttr(href)}" data-sprout-style="${escapeAttr(id)}" />`);
  for (const href of parts.preloads ?? []) tags.push(`<link rel="modulepreload" href="${escapeAttr(href)}" />`);
  for (const src of parts.modules) tags.push(`<script type="module" src="${escapeAttr(src)}"></script>`);
  const block = tags.join('\n    ');
  // At the end of <head>: after <meta charset>, before anything in <body> could run.
  const out = /<\/head>/i.test(html)
    ? html.replace(/<\/head>/i, () => `  ${block}\n  </head>`)
    : /<html\b[^>]*>/i.test(html)
      ? html.replace(/<html\b[^>]*>/i, (open) => `${open}\n  <head>\n    ${block}\n  </head>`)
      : `<!doctype html>\n<head>\n    ${block}\n</head>\n${html}`;
  return { html: out, scriptHashes: inline.map(cspHash) };
}

export function cspHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

function escapeAttr(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}
