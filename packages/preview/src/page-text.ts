import { decodeHtmlText } from '@sprout/core';

// What of a page a version may change in place: its title and description (a rename), and the
// classes on <html> (light or dark). The hot update client sets them on the open page instead of
// reloading it, which would throw away what the person typed into the app.

export interface PageText {
  title: string | null;
  description: string | null;
  /** The `class` of the <html> element, or null without one. */
  htmlClass: string | null;
}

const TITLE = /<title\b[^>]*>([\s\S]*?)<\/title>/i;
const DESCRIPTION = /<meta\b(?=[^>]*\bname\s*=\s*["']description["'])[^>]*>/i;
const CONTENT = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)')/i;
const HTML_TAG = /<html\b[^>]*>/i;
const CLASS = /\bclass\s*=\s*(?:"([^"]*)"|'([^']*)')/i;

/** The page's title and description as the browser shows them (entities decoded), or null. */
export function pageText(html: string): PageText {
  const title = TITLE.exec(html);
  const meta = DESCRIPTION.exec(html)?.[0];
  const content = meta ? CONTENT.exec(meta) : null;
  const classes = CLASS.exec(HTML_TAG.exec(html)?.[0] ?? '');
  return {
    title: title ? decodeHtmlText(title[1]!).replace(/\s+/g, ' ').trim() : null,
    description: content ? decodeHtmlText(content[1] ?? content[2] ?? '') : null,
    htmlClass: classes ? (classes[1] ?? classes[2] ?? '').replace(/\s+/g, ' ').trim() : null,
  };
}

/** The page with its title, description and <html> classes taken out: what else must stay the same for a version to apply in place. */
export function withoutPageText(html: string): string {
  return html
    .replace(TITLE, (tag) => tag.replace(/>[\s\S]*?</, '><'))
    .replace(DESCRIPTION, (tag) => tag.replace(CONTENT, 'content=""'))
    .replace(HTML_TAG, (tag) => tag.replace(/\s+class\s*=\s*(?:"[^"]*"|'[^']*')/i, ''));
}
