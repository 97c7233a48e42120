import type { BuildMessage } from '@sprout/preview';

/** Text (or an attribute value) as it may stand in HTML. */
export const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

/**
 * A small page Sprout serves on an app's origin (an unsubscribe link, the test checkout): styled
 * inline, so a strict CSP of its own (no style sheets, no scripts) still shows it; never indexed.
 */
export const plainPage = (title: string, body: string) =>
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
  `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1 style="font-size:1.25rem">${escapeHtml(title)}</h1>${body}</body></html>`;

function page(title: string, body: string, headExtra = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${escapeHtml(title)}</title>
${headExtra}<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;padding:2rem;color:#1c1c1c;background:#fafafa}
main{max-width:46rem;margin:0 auto}h1{font-size:1.25rem;margin:0 0 .5rem}
pre{background:#fff;border:1px solid #e5e5e5;border-radius:.5rem;padding:1rem;white-space:pre-wrap;overflow:auto}
.where{color:#b42318;font-weight:600}
</style>
</head>
<body><main>${body}</main></body>
</html>
`;
}

export function messagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}

/**
 * Shown in the preview when the version does not build; the bridge script (if given) lets the
 * Sprout page know the preview is alive. The errors are the same ones the build API returns.
 */
export function buildErrorPage(errors: readonly BuildMessage[], bridge?: string): string {
  const items = errors
    .map((e) => {
      const where = e.file ? `${e.file}${e.line ? `:${e.line}${e.column ? `:${e.column}` : ''}` : ''}` : '';
      const line = e.lineText ? `\n\n${e.lineText}` : '';
      return `<pre>${where ? `<span class="where">${escapeHtml(where)}</span>\n` : ''}${escapeHtml(e.message)}${escapeHtml(line)}</pre>`;
    })
    .join('\n');
  return page(
    'Build failed',
    `<h1>This version does not build</h1><p>Fix the problem below (or ask Sprout to fix it) and the preview will update.</p>${items}`,
    bridge ? `<script>${bridge}</script>\n` : '',
  );
}

const LOGO = `<svg viewBox="0 0 32 32" width="44" height="44" aria-hidden="true"><rect width="32" height="32" rx="8" fill="oklch(0.52 0.14 150)"/><path d="M16 25v-8" stroke="#fff" stroke-width="2.4" stroke-linecap="round"/><path d="M16 17c0-4.5-3.5-7.5-8-7.5 0 4.5 3.5 7.5 8 7.5Z" fill="#fff"/><path d="M16 15c0-4 3-6.5 7.5-6.5 0 4-3 6.5-7.5 6.5Z" fill="#fff" opacity=".85"/></svg>`;

/**
 * What a visitor of a published app's address sees when nothing is published there (never was,
 * unpublished, deleted): Sprout's page saying so, and a way to Sprout. It says nothing about whose
 * address it is or was.
 */
export function notPublishedPage(webUrl: string): string {
  const home = `${webUrl.replace(/\/+$/, '')}/`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<title>Nothing published here · Sprout</title>
<style>
:root{color-scheme:light dark;--fg:#1c1c1c;--muted:#5f6368;--bg:#f7f8f5;--card:#fff;--line:#e3e5df;--primary:oklch(0.52 0.14 150)}
@media (prefers-color-scheme:dark){:root{--fg:#ececec;--muted:#a0a4a8;--bg:#111412;--card:#191d1a;--line:#2a302b;--primary:oklch(0.72 0.16 150)}}
body{font:15px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--fg);padding:1.5rem;box-sizing:border-box}
main{max-width:26rem;width:100%;text-align:center;background:var(--card);border:1px solid var(--line);border-radius:1rem;padding:2rem 1.5rem}
h1{font-size:1.25rem;margin:1rem 0 .5rem;letter-spacing:-.01em}p{color:var(--muted);margin:0 0 1.5rem}
a{display:inline-block;background:var(--primary);color:#fff;text-decoration:none;font-weight:600;border-radius:.6rem;padding:.6rem 1rem}
a:focus-visible{outline:3px solid color-mix(in oklch,var(--primary) 45%,transparent);outline-offset:2px}
</style>
</head>
<body><main>${LOGO}
<h1>This app is not published right now</h1>
<p>There is no published app at this address. If it is yours, publish it again from Sprout.</p>
<a href="${escapeHtml(home)}">Build your own app with Sprout →</a>
</main></body>
</html>
`;
}
