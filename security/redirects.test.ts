// Open redirects: hostile redirectUrl values through core's resolveSignInRedirect (what the login and
// register pages follow), the checkout's returnTo (core safeReturnPath) and the preview host's
// return path. (The login page itself is driven in Chromium by e2e/security.e2e.test.ts.)
import { describe, expect, it } from 'vitest';
import { allowedRedirectHosts, resolveSignInRedirect, safeReturnPath as checkoutReturnPath } from '@sprout/core';
import { previewReturnPath } from '@sprout/api/testing';
import { Tally } from '@sprout/testkit/vitest';

const tally = new Tally('open redirect');
const HOSTS = allowedRedirectHosts({ mainSiteHost: 'sprout.dev', productHost: 'https://app.sprout.dev' });
const ORIGIN = 'https://app.sprout.dev';

export const HOSTILE_REDIRECTS = [
  '//evil.com',
  '///evil.com',
  '////evil.com',
  '//evil.com/build',
  '/\\evil.com',
  '\\\\evil.com',
  '\\/evil.com',
  '/\\/evil.com',
  'https:evil.com',
  'https:/evil.com',
  'http:\\\\evil.com',
  'https:\\/\\/evil.com',
  'https://evil.com',
  'HTTPS://EVIL.COM',
  'ftp://localhost:3000/',
  'javascript:alert(1)',
  'JavaScript:alert(document.domain)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'javascript://localhost:3000/%0aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'blob:https://evil.com/x',
  'https://localhost:3000@evil.com',
  'https://localhost:3000:@evil.com',
  'https://user:pass@localhost:3000/build',
  'https://evil.com#@localhost:3000',
  'https://evil.com?@localhost:3000',
  'https://evil.com\\@localhost:3000',
  'http://%6c%6f%63%61%6c%68%6f%73%74:3000@evil.com',
  'https://localhost:3000%40evil.com',
  'https://localhost:3000.evil.com',
  'https://sprout.dev.evil.com',
  'https://app.sprout.dev.evil.com/build',
  'https://evilsprout.dev',
  'https://evil.com/sprout.dev',
  'https://sprout.dev:8443/build',
  'https://localhost:3001/build',
  'https://localhost/build',
  'http://localhost:3000:80/build',
  'https://[::1]:3000/',
  'https://127.0.0.1:3000/',
  '/%2F/evil.com',
  '/%2f%2fevil.com',
  '/%5Cevil.com',
  '/\t/evil.com',
  '/\n/evil.com',
  '\u3002evil.com',
  'https://evil\u3002com',
  'https://ｅｖｉｌ.com',
  'https://localhost:3000\u0000.evil.com',
  '/\u202E/moc.live//',
  'https://localhost:3000\u2028@evil.com',
  `/${'a'.repeat(5000)}`,
  '/build/../\\evil.com',
];

/** Where a browser on ORIGIN ends up following `to`: only our own origin or an allow-listed host is safe. */
function safe(to: string): boolean {
  if (!URL.canParse(to, ORIGIN)) return false;
  const url = new URL(to, ORIGIN);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password) return false;
  if (to.startsWith('/')) return url.origin === ORIGIN && !to.startsWith('//') && !to.startsWith('/\\');
  return HOSTS.includes(url.host);
}

describe('sign-in redirects (the allow-list)', () => {
  it(`sends every one of ${HOSTILE_REDIRECTS.length} hostile redirectUrl values to /build with the warning`, () => {
    expect(HOSTILE_REDIRECTS.length).toBeGreaterThanOrEqual(20);
    for (const redirectUrl of HOSTILE_REDIRECTS) {
      const r = resolveSignInRedirect({ redirectUrl, allowedHosts: HOSTS });
      tally.check(
        safe(r.to) && r.to === '/build' && r.warning === `Redirect destination host must be one of ${HOSTS.join(', ')}.`,
        `redirectUrl ${JSON.stringify(redirectUrl).slice(0, 60)} → ${JSON.stringify(r)}`,
      );
    }
    tally.assertClean();
  });

  it('still follows what is ours (the allow-list works, so the refusals above mean something)', () => {
    for (const [input, expected] of [
      ['/build/abc?prompt=x', '/build/abc?prompt=x'],
      ['https://app.sprout.dev/build', 'https://app.sprout.dev/build'],
      ['http://localhost:3000/pricing', 'http://localhost:3000/pricing'],
      ['https://sprout.dev/', 'https://sprout.dev/'],
    ]) {
      expect(resolveSignInRedirect({ redirectUrl: input, allowedHosts: HOSTS })).toEqual({ to: expected });
    }
  });

  it('never sends the checkout return or the preview session return off-site', () => {
    for (const value of HOSTILE_REDIRECTS) {
      const checkout = checkoutReturnPath(value);
      tally.check(safe(checkout) && checkout.startsWith('/') && !checkout.startsWith('//'), `returnTo ${JSON.stringify(value).slice(0, 60)} → ${checkout}`);
      const preview = previewReturnPath(value);
      // The preview host redirects within its own origin; a browser must read it as a path.
      tally.check(
        preview.startsWith('/') && !preview.startsWith('//') && !preview.startsWith('/\\') && safe(preview),
        `preview path ${JSON.stringify(value).slice(0, 60)} → ${preview}`,
      );
    }
    tally.assertClean();
  });
});
