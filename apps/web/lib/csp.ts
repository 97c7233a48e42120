/**
 * The Content-Security-Policy of Sprout's pages (set per request by proxy.ts). A script runs only
 * when it is one of Sprout's own files (`'self'`: the app's chunks, loaded on demand; every response
 * is `nosniff`, so nothing else this origin serves can be read as a script) or when the server
 * rendered it inline with this response's nonce (Next's own, the layout's theme and error boot
 * scripts). No other inline script runs — put into the HTML, made later with createElement even by
 * one of those scripts, an event handler attribute, a javascript: link — and no script from another
 * origin; there is no 'unsafe-inline', and no 'unsafe-eval' outside development. ('strict-dynamic' is
 * left out on purpose: it would let any script the page trusts make inline scripts of its own.)
 *
 * Besides scripts: the page talks only to itself (/api/login, the /monitoring tunnel), the API, the
 * usage host and the previews (connect-src), frames only the previews, each project on its own
 * subdomain of the preview host (frame-src), and keeps what every response carries (STATIC_CSP:
 * nothing frames Sprout, no <base> or plugin, forms post only to Sprout). Styles, images and fonts
 * are not limited: the components set inline styles, and images come from data: and blob: addresses.
 */

/** What next.config.ts sends with every response, pages and routes alike: needs no nonce. */
export const STATIC_CSP = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'";

export interface PagePolicyInput {
  /** This response's nonce (base64). */
  nonce: string;
  apiUrl: string;
  usageUrl: string;
  /** The API's preview host with its port, as PREVIEW_DOMAIN: previews are `{id}.{previewDomain}`. */
  previewDomain: string;
  /** `next dev`: React's debugging needs eval, and the reloads a websocket. */
  development?: boolean;
}

const origin = (url: string) => new URL(url).origin;

/** A fresh nonce for one response: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function pagePolicy({ nonce, apiUrl, usageUrl, previewDomain, development = false }: PagePolicyInput): string {
  // Previews are served over the API's scheme (http on one machine, https in production).
  const previews = `${new URL(apiUrl).protocol}//*.${previewDomain}`;
  const directives: [string, string[]][] = [
    ['script-src', ["'self'", `'nonce-${nonce}'`, ...(development ? ["'unsafe-eval'"] : [])]],
    ['connect-src', [...new Set(["'self'", origin(apiUrl), origin(usageUrl), previews, ...(development ? ['ws:', 'wss:'] : [])])]],
    ['frame-src', [previews]],
  ];
  return [...directives.map(([name, sources]) => `${name} ${sources.join(' ')}`), STATIC_CSP].join('; ');
}

/** The sources a policy gives `directive`, or null when it has none (a test's and a reader's view). */
export function directiveOf(policy: string, directive: string): string[] | null {
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name?.toLowerCase() === directive) return sources;
  }
  return null;
}
