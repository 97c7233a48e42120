import type { SiteDevice } from '../contract/site-analytics';

// Crawlers, link previews, monitors and HTTP libraries: not people, so not visitors. A headless
// browser is counted: it runs the page's script as a person's does, and tests drive one.
const BOTS = /bot\b|crawl|spider|slurp|preview|facebookexternalhit|embedly|monitor|lighthouse|curl\/|wget\/|python-requests|node-fetch|axios\//i;
const TABLETS = /ipad|tablet|kindle|silk|playbook|(android(?!.*mobile))/i;
const MOBILES = /mobi|iphone|ipod|android.*mobile|windows phone|blackberry|opera mini/i;

/** The kind of device a browser says it is from its User-Agent, or null when it is not a person's browser. */
export function deviceOf(userAgent: string | undefined): SiteDevice | null {
  if (!userAgent || BOTS.test(userAgent)) return null;
  if (TABLETS.test(userAgent)) return 'tablet';
  if (MOBILES.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** Whether the browser asked not to be tracked: Do Not Track or Global Privacy Control. */
export function asksNotToBeTracked(headers: Record<string, string | string[] | undefined>): boolean {
  return headers.dnt === '1' || headers['sec-gpc'] === '1';
}
