import { describe, expect, it } from 'vitest';
import { headTags, titleOf, withPageHead, type PageHead } from './head-tags';

const HEAD: PageHead = {
  title: 'Soup Shop',
  description: 'Fresh soup every day',
  language: 'fr-CA',
  canonicalUrl: 'https://soup.sites.example/menu',
  imageUrl: 'https://soup.sites.example/_sprout/social-image',
  faviconUrl: '/_sprout/favicon',
};

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vite app</title><meta name="description" content="old"><link rel="icon" href="/v.svg"><meta property="og:title" content="old"></head><body><div id="root"></div></body></html>`;

describe('withPageHead', () => {
  it('writes lang, title, description, canonical, Open Graph, Twitter and icon once, replacing the app’s own', () => {
    const html = withPageHead(PAGE, HEAD);
    expect(html).toContain('<html lang="fr-CA">');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Soup Shop</title>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta name="description" content="Fresh soup every day">');
    expect(html).toContain('<link rel="canonical" href="https://soup.sites.example/menu">');
    expect(html.match(/og:title/g)).toHaveLength(1);
    expect(html).toContain('<meta property="og:image" content="https://soup.sites.example/_sprout/social-image">');
    expect(html).toContain('<meta property="og:url" content="https://soup.sites.example/menu">');
    expect(html).toContain('<meta property="og:type" content="website">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<link rel="icon" href="/_sprout/favicon">');
    expect(html).not.toContain('/v.svg');
    expect(html).toMatch(/<meta charset="utf-8">.*<\/head><body>/);
    expect(html).toContain('<div id="root"></div>');
  });

  it('escapes a hostile title and description everywhere they are written', () => {
    const html = withPageHead(PAGE, {
      ...HEAD,
      title: '</title><script>alert(1)</script>',
      description: '"><script>alert(2)</script>',
      language: 'en" onload="x',
      canonicalUrl: 'https://a.example/"><script>',
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(html).toContain('content="&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;"');
    expect(html).toContain('<html lang="en&quot; onload=&quot;x">');
  });

  it('keeps the app’s own description and icon when none is set, and marks unknown routes noindex', () => {
    const html = withPageHead(PAGE, { ...HEAD, description: '', faviconUrl: null, imageUrl: null, noindex: true });
    expect(html).toContain('<meta name="description" content="old">');
    expect(html).toContain('/v.svg');
    expect(html).not.toContain('og:image');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('handles a page without a head or an html tag', () => {
    expect(withPageHead('<body>hi</body>', HEAD)).toMatch(/^<title>Soup Shop<\/title>.*<body>hi<\/body>$/);
    expect(withPageHead('hi', HEAD)).toMatch(/^hi<title>/);
    expect(withPageHead('<title>Old</title><script src="/a.js"></script>', HEAD)).toMatch(/^<title>Soup Shop<\/title>.*<script src="\/a.js"><\/script>$/);
  });
});

describe('headTags and titleOf', () => {
  it('reads the app’s title as text', () => {
    expect(titleOf(PAGE)).toBe('Vite app');
    expect(titleOf('<title>\n A &amp; B </title>')).toBe('A & B');
    expect(titleOf('<p>none</p>')).toBe('');
  });

  it('writes no description tags for an empty description', () => {
    const tags = headTags({ ...HEAD, description: '' });
    expect(tags).not.toContain('description');
  });
});
