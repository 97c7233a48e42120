import type { BuildMessage } from '@sprout/preview';

const escape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

function page(title: string, body: string, headExtra = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${escape(title)}</title>
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
  return page(title, `<h1>${escape(title)}</h1><p>${escape(message)}</p>`);
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
      return `<pre>${where ? `<span class="where">${escape(where)}</span>\n` : ''}${escape(e.message)}${escape(line)}</pre>`;
    })
    .join('\n');
  return page(
    'Build failed',
    `<h1>This version does not build</h1><p>Fix the problem below (or ask Sprout to fix it) and the preview will update.</p>${items}`,
    bridge ? `<script>${bridge}</script>\n` : '',
  );
}
