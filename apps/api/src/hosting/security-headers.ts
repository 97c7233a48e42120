/**
 * Headers of every response from a preview or published app.
 *
 * Scripts: only the app's own files and the inline scripts whose hashes the build reported (the
 * runtime bridge and the import map); no eval, no third-party script. Styles, images, fonts and
 * fetches may also use https: generated apps commonly show remote images (Unsplash), load web fonts
 * and call public APIs, and none of those can run code. The API does not authenticate by cookie, so
 * reaching it from an app grants nothing. Framing: only by the Sprout web app.
 */
export function appSecurityHeaders(options: { webOrigin: string; scriptHashes?: readonly string[]; kind: 'preview' | 'site' }): Record<string, string> {
  const script = ["'self'", ...(options.scriptHashes ?? [])].join(' ');
  const csp = [
    "default-src 'self'",
    `script-src ${script}`,
    "style-src 'self' 'unsafe-inline' https:",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data: https:",
    "connect-src 'self' https: wss:",
    "media-src 'self' data: blob: https:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${options.webOrigin}`,
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    // Other origins (including other projects' previews on the same site) cannot embed these files.
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': options.kind === 'preview' ? 'no-referrer' : 'strict-origin-when-cross-origin',
  };
}
