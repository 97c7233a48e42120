/** Where a published app's own social image and favicon are served, on its own origin. */
export const SOCIAL_IMAGE_PATH = '/_sprout/social-image';
export const FAVICON_PATH = '/_sprout/favicon';

/** Text as it may stand in HTML, as element text or as a quoted attribute value. */
export const escapeHtmlText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

/** What one published page's head says of it. */
export interface PageHead {
  /** The page's title (the person's, else the app's own title, else the project's name). */
  title: string;
  /** Empty: no description is written (the app's own, if any, stays). */
  description: string;
  language: string;
  /** The canonical URL of this page: the canonical origin and the page's path. */
  canonicalUrl: string;
  /** Absolute URL of the social image, or null for none. */
  imageUrl: string | null;
  /** The favicon's URL, or null to keep the app's own. */
  faviconUrl: string | null;
  /** An address that is not one of the app's pages: not to be indexed. */
  noindex?: boolean;
}

/** The tags of a page's head, each value escaped. */
export function headTags(head: PageHead): string {
  const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtmlText(value)}">`;
  const tags = [`<title>${escapeHtmlText(head.title)}</title>`];
  if (head.description) tags.push(meta('name', 'description', head.description));
  tags.push(`<link rel="canonical" href="${escapeHtmlText(head.canonicalUrl)}">`);
  tags.push(meta('property', 'og:title', head.title));
  if (head.description) tags.push(meta('property', 'og:description', head.description));
  tags.push(meta('property', 'og:url', head.canonicalUrl), meta('property', 'og:type', 'website'));
  if (head.imageUrl) tags.push(meta('property', 'og:image', head.imageUrl));
  tags.push(meta('name', 'twitter:card', head.imageUrl ? 'summary_large_image' : 'summary'));
  if (head.faviconUrl) tags.push(`<link rel="icon" href="${escapeHtmlText(head.faviconUrl)}">`);
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex'));
  return tags.join('');
}

const TITLE = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i;
const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The page's own title as text ('' when it has none). */
export function titleOf(html: string): string {
  return decode(TITLE.exec(html)?.[1] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

// The app's own tags that ours replace (never duplicated: a page with two titles or canonicals is
// read as the crawler pleases). Its description only when we write one.
const REPLACED = [
  /<title\b[^>]*>[\s\S]*?<\/title\s*>/gi,
  /<link\b[^>]*\brel=["']?canonical["']?[^>]*>/gi,
  /<meta\b[^>]*\bproperty=["']?(?:og:[a-z_:]+)["']?[^>]*>/gi,
  /<meta\b[^>]*\bname=["']?(?:twitter:[a-z_:]+|robots)["']?[^>]*>/gi,
];
const DESCRIPTION = /<meta\b[^>]*\bname=["']?description["']?[^>]*>/gi;
const ICON = /<link\b[^>]*\brel=["']?(?:shortcut )?icon["']?[^>]*>/gi;
const HTML_OPEN = /<html\b([^>]*)>/i;

/**
 * The page with its head rewritten: `lang` on `<html>`, the app's own title, canonical, Open Graph
 * and Twitter tags (its description and icon when we write ours) removed, and ours written at the
 * end of its head. A page without a head gets them before its first script or its body (or at its end).
 */
export function withPageHead(html: string, head: PageHead): string {
  let out = html;
  for (const re of REPLACED) out = out.replace(re, '');
  if (head.description) out = out.replace(DESCRIPTION, '');
  if (head.faviconUrl) out = out.replace(ICON, '');
  const lang = `lang="${escapeHtmlText(head.language)}"`;
  out = HTML_OPEN.test(out) ? out.replace(HTML_OPEN, (_all, attrs: string) => `<html${attrs.replace(/\s+lang=("[^"]*"|'[^']*'|[^\s>]*)/i, '')} ${lang}>`) : out;
  const at = [/<\/head\s*>/i, /<script\b/i, /<body\b/i].map((re) => out.search(re)).find((i) => i !== -1) ?? out.length;
  return `${out.slice(0, at)}${headTags(head)}${out.slice(at)}`;
}
