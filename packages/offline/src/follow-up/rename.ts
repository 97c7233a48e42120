// "Call it Northwind": the new name everywhere the old one is shown — the page title and every
// string in the app's source that holds it (config.ts, and section copy on landing pages).

import { stringLiteral } from '../families/literal';
import type { EditAction } from '@sprout/engine/protocol';
import { diffChange } from './edit-text';
import type { EditResult } from './look';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const unescapeHtml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** The app's current name: config.ts's first name/firm value, else the page title. */
export function currentName(files: ReadonlyMap<string, string>): string | null {
  const config = files.get('client/src/config.ts') ?? '';
  const m = /export const (?:app|site|portal) = \{[\s\S]*?\b(?:name|firm): '((?:[^'\\]|\\.)*)'/.exec(config);
  if (m) return m[1]!.replace(/\\(.)/g, '$1');
  const title = /<title>([^<]*)<\/title>/i.exec(files.get('client/index.html') ?? '')?.[1];
  return title ? unescapeHtml(title).trim() : null;
}

export function rename(files: ReadonlyMap<string, string>, name: string): EditResult {
  const old = currentName(files);
  const clean = name.replace(/\s+/g, ' ').trim();
  if (!clean) return { changes: [], message: 'I did not catch the new name. Try “call it Northwind”.', done: false };
  if (old === clean) return { changes: [], message: `It is already called ${clean}.`, done: false };
  const changes: EditAction[] = [];
  const html = files.get('client/index.html');
  if (html && /<title>[^<]*<\/title>/i.test(html)) {
    // The title (and the description, which starts with the name) say the old name: swap it; a
    // title without it (a foreign project) becomes the new name.
    const title = unescapeHtml(/<title>([^<]*)<\/title>/i.exec(html)![1]!);
    let next = old && html.includes(escapeHtml(old)) ? html.split(escapeHtml(old)).join(escapeHtml(clean)) : html;
    if (!old || !title.includes(old)) next = next.replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeHtml(clean)}</title>`);
    const c = diffChange('client/index.html', html, next);
    if (c) changes.push(c);
  }
  if (old) {
    // Inside single-quoted TS strings the name is escaped the way literal() writes it.
    const from = stringLiteral(old).slice(1, -1);
    const to = stringLiteral(clean).slice(1, -1);
    for (const [path, content] of files) {
      // Only data (config.ts, landing page copy) and only inside string literals: code that happens
      // to contain the name ("useSnake") must not change.
      if (!(path === 'client/src/config.ts' || /^client\/src\/sections\/\w+\.tsx$/.test(path)) || !content.includes(from)) continue;
      const next = content.replace(/'(?:[^'\\\n]|\\.)*'/g, (lit) => lit.split(from).join(to));
      const c = diffChange(path, content, next);
      if (c) changes.push(c);
    }
  }
  return { changes, message: `Renamed the app${old ? ` from ${old}` : ''} to **${clean}**.`, done: changes.length > 0 };
}
