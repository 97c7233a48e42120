import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REDIRECT_HOSTS,
  REDIRECT_URL_MAX_LENGTH,
  allowedRedirectHosts,
  authRedirectFor,
  loginRedirectFor,
  redirectWarning,
  resolveSignInRedirect,
  shareLinkIdOf,
} from './redirects';

const allowedHosts = allowedRedirectHosts({ mainSiteHost: 'sprout.dev', productHost: 'app.sprout.dev' });
const WARNING = 'Redirect destination host must be one of localhost:3000, localhost:8888, sprout.dev, app.sprout.dev.';
const go = (redirectUrl?: string | null, prompt?: string | null) => resolveSignInRedirect({ redirectUrl, prompt, allowedHosts });

describe('allowedRedirectHosts', () => {
  it('always holds the development hosts', () => {
    expect(DEFAULT_REDIRECT_HOSTS).toEqual(['localhost:3000', 'localhost:8888']);
    expect(allowedRedirectHosts({})).toEqual(['localhost:3000', 'localhost:8888']);
  });

  it('adds the configured hosts lower-cased and without duplicates', () => {
    expect(allowedHosts).toEqual(['localhost:3000', 'localhost:8888', 'sprout.dev', 'app.sprout.dev']);
    expect(allowedRedirectHosts({ mainSiteHost: ' Sprout.DEV ', productHost: 'sprout.dev' })).toEqual(['localhost:3000', 'localhost:8888', 'sprout.dev']);
    expect(allowedRedirectHosts({ mainSiteHost: 'localhost:3000' })).toEqual(['localhost:3000', 'localhost:8888']);
  });

  it('accepts an origin in place of a host', () => {
    expect(allowedRedirectHosts({ mainSiteHost: 'https://www.sprout.dev', productHost: 'http://localhost:4000/' })).toEqual([
      'localhost:3000',
      'localhost:8888',
      'www.sprout.dev',
      'localhost:4000',
    ]);
  });

  it('drops empty and malformed hosts instead of allowing something odd', () => {
    for (const bad of ['', '   ', 'sprout.dev/path', 'user@sprout.dev', '*.sprout.dev', 'sprout .dev', 'https://']) {
      expect(allowedRedirectHosts({ mainSiteHost: bad })).toEqual(['localhost:3000', 'localhost:8888']);
    }
  });
});

describe('redirectWarning', () => {
  it('lists the hosts in the text of the spec', () => {
    expect(redirectWarning(['localhost:3000', 'localhost:8888'])).toBe('Redirect destination host must be one of localhost:3000, localhost:8888.');
    expect(redirectWarning(allowedHosts)).toBe(WARNING);
  });
});

describe('resolveSignInRedirect', () => {
  it('goes to /build when there is no redirectUrl', () => {
    expect(go()).toEqual({ to: '/build' });
    expect(go(null)).toEqual({ to: '/build' });
    expect(go('')).toEqual({ to: '/build' });
  });

  it('sends a prompt to /init-project, whatever redirectUrl says', () => {
    expect(go(undefined, 'a todo app')).toEqual({ to: '/init-project?prompt=a%20todo%20app' });
    expect(go('https://evil.com', 'a & b = c?#')).toEqual({ to: '/init-project?prompt=a%20%26%20b%20%3D%20c%3F%23' });
  });

  it('ignores a blank prompt', () => {
    expect(go('/build/magic/abc', '   ')).toEqual({ to: '/build/magic/abc' });
    expect(go(undefined, '')).toEqual({ to: '/build' });
  });

  it('encodes prompts that encodeURIComponent would throw on, and cuts them to the prompt limit', () => {
    expect(go(undefined, 'bad \uD800 half')).toEqual({ to: '/init-project?prompt=bad%20%EF%BF%BD%20half' });
    expect(go(undefined, 'a'.repeat(5000)).to).toBe(`/init-project?prompt=${'a'.repeat(2000)}`);
  });

  it('follows allowed absolute URLs', () => {
    expect(go('http://localhost:3000/build/magic/42?tab=files')).toEqual({ to: 'http://localhost:3000/build/magic/42?tab=files' });
    expect(go('http://localhost:8888/')).toEqual({ to: 'http://localhost:8888/' });
    expect(go('https://sprout.dev/pricing#faq')).toEqual({ to: 'https://sprout.dev/pricing#faq' });
    expect(go('https://app.sprout.dev/build')).toEqual({ to: 'https://app.sprout.dev/build' });
  });

  it('returns allowed absolute URLs in their normalised form', () => {
    expect(go('HTTPS://SPROUT.DEV')).toEqual({ to: 'https://sprout.dev/' });
    expect(go('https://sprout.dev:443/x')).toEqual({ to: 'https://sprout.dev/x' });
  });

  it('follows same-origin paths unchanged', () => {
    for (const path of ['/', '/build', '/build/magic/7?prompt=hi%20there', '/pricing?reason=messages#top', '/a/../b']) {
      expect(go(path)).toEqual({ to: path });
    }
  });

  const hostile = [
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://localhost:3000/',
    '//evil.com',
    '//localhost:3000@evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '\\/evil.com',
    '/%2F%2Fevil.com',
    '/%5Cevil.com',
    'https:evil.com',
    'https:/evil.com',
    'https:///evil.com',
    'https://evil.com',
    'http://evil.com/?next=http://localhost:3000',
    'https://localhost:3000@evil.com',
    'https://localhost:3000:@evil.com',
    'https://user:pass@localhost:3000/',
    'https://evil.com@localhost:3000/',
    'http://localhost:3000.evil.com/',
    'http://sprout.dev.evil.com/',
    'http://evilsprout.dev/',
    'http://evil.com#@sprout.dev',
    'http://evil.com\\@sprout.dev',
    'http://localhost:3001/',
    'http://localhost/',
    'http://localhost:30000/',
    'http://127.0.0.1:3000/',
    'http://[::1]:3000/',
    'http://localhost.:3000/',
    ' http://evil.com',
    'http://evil.com ',
    '\thttp://localhost:3000@evil.com',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '/\t/evil.com',
    '/\n/evil.com',
    '\u0000/build',
    '/build\u0000',
    '/bu\u200Bild',
    '\u202Ehttp://moc.live',
    '/build\\..\\..',
    'build',
    '.',
    'evil.com',
    'localhost:3000',
    '   ',
    `/${'a'.repeat(REDIRECT_URL_MAX_LENGTH)}`,
    `http://localhost:3000/${'a'.repeat(10_000)}`,
    'http://xn--lcalhost-9za:3000/',
    'http://lоcalhost:3000/', // Cyrillic о
  ];

  it.each(hostile)('refuses %j with the warning', (redirectUrl) => {
    expect(go(redirectUrl)).toEqual({ to: '/build', warning: WARNING });
  });

  it('has a long hostile list', () => {
    expect(hostile.length).toBeGreaterThanOrEqual(25);
  });

  it('refuses non-string values smuggled past the types', () => {
    for (const value of [42, {}, ['/build'], true]) {
      expect(go(value as unknown as string)).toEqual({ to: '/build', warning: WARNING });
    }
  });

  it('uses the allow-list it is given', () => {
    const onlyDev = { allowedHosts: ['localhost:3000'] };
    expect(resolveSignInRedirect({ ...onlyDev, redirectUrl: 'https://sprout.dev/' })).toEqual({
      to: '/build',
      warning: 'Redirect destination host must be one of localhost:3000.',
    });
    expect(resolveSignInRedirect({ allowedHosts: ['Sprout.Dev'], redirectUrl: 'https://sprout.dev/' })).toEqual({
      to: 'https://sprout.dev/',
    });
    expect(resolveSignInRedirect({ allowedHosts: [], redirectUrl: 'http://localhost:3000/' }).to).toBe('/build');
  });
});

describe('loginRedirectFor', () => {
  it('carries the current address as redirectUrl', () => {
    expect(loginRedirectFor('/build/magic/42?tab=files&x=1')).toBe('/login?redirectUrl=%2Fbuild%2Fmagic%2F42%3Ftab%3Dfiles%26x%3D1');
    expect(loginRedirectFor('/')).toBe('/login?redirectUrl=%2F');
  });

  it('round-trips through resolveSignInRedirect', () => {
    const path = '/init-project?prompt=a%20b';
    const redirectUrl = new URLSearchParams(loginRedirectFor(path).split('?')[1]).get('redirectUrl');
    expect(redirectUrl).toBe(path);
    expect(go(redirectUrl)).toEqual({ to: path });
  });

  it('does not throw on lone surrogates', () => {
    expect(loginRedirectFor('/x\uDC00')).toBe('/login?redirectUrl=%2Fx%EF%BF%BD');
  });
});

describe('authRedirectFor', () => {
  it('sends to sign-up or sign-in alike, carrying the current address', () => {
    expect(authRedirectFor('register', '/build/magic/abc123')).toBe('/register?redirectUrl=%2Fbuild%2Fmagic%2Fabc123');
    expect(authRedirectFor('login', '/build/magic/abc123')).toBe(loginRedirectFor('/build/magic/abc123'));
  });
});

describe('shareLinkIdOf', () => {
  it('finds the project of a share link the person is going back to', () => {
    expect(shareLinkIdOf('/build/magic/abc123')).toBe('abc123');
    expect(shareLinkIdOf('/build/magic/abc123/')).toBe('abc123');
    expect(shareLinkIdOf('/build/magic/abc123?from=x#top')).toBe('abc123');
    expect(shareLinkIdOf(new URLSearchParams(authRedirectFor('register', '/build/magic/k9').split('?')[1]).get('redirectUrl'))).toBe('k9');
  });

  it('finds none in any other address, an absolute one, or a hostile one', () => {
    for (const url of [
      null,
      undefined,
      '',
      '/build',
      '/build/magic/',
      '/build/magic/abc123/remix',
      '/build/magic/ABC',
      `/build/magic/${'a'.repeat(65)}`,
      '/build/magic/..%2Fsprouts',
      '/build/magic/a%00',
      '//evil.example/build/magic/abc',
      'https://evil.example/build/magic/abc',
      'http://localhost:3000/build/magic/abc',
      '/x/build/magic/abc',
    ])
      expect(shareLinkIdOf(url), String(url)).toBeNull();
  });
});
