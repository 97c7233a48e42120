import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from './sitemap';

describe('sitemapXml', () => {
  it('lists each page once at the canonical origin, encoded and escaped', () => {
    const xml = sitemapXml('https://soup.sites.example/', ['/', '/menu', '/menu', '/a&b', '/café', 'nope']);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(xml.match(/<url>/g)).toHaveLength(4);
    expect(xml).toContain('<loc>https://soup.sites.example/</loc>');
    expect(xml).toContain('<loc>https://soup.sites.example/menu</loc>');
    expect(xml).toContain('<loc>https://soup.sites.example/a%26b</loc>');
    expect(xml).toContain('<loc>https://soup.sites.example/caf%C3%A9</loc>');
  });

  it('is an empty list when there are no pages', () => {
    expect(sitemapXml('https://x.example', [])).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n</urlset>');
  });
});

describe('robotsTxt', () => {
  it('allows everything and names the sitemap', () => {
    expect(robotsTxt('https://soup.sites.example')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://soup.sites.example/sitemap.xml\n');
  });
});
