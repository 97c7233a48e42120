import { beforeAll, describe, expect, it } from 'vitest';
import { type Session, useTestApp } from '../testing';

const t = useTestApp();
let owner: Session;
let stranger: Session;
let sproutId: string;
let siteHost: string;
let siteOrigin: string;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const ICO = Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0]), Buffer.alloc(32, 2)]);

beforeAll(async () => {
  owner = await t.register();
  stranger = await t.register();
  sproutId = (await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: { displayName: 'Soup Shop' } })).json().id;
});

const settingsUrl = () => `/build/v1/sprouts/${sproutId}/site-settings`;
const upload = (what: 'social-image' | 'favicon', body: Buffer, token = owner.idToken, type = 'application/octet-stream') =>
  t.app.inject({ method: 'POST', url: `${settingsUrl()}/${what}`, headers: { authorization: `Bearer ${token}`, 'content-type': type }, payload: body });
const site = (path: string) => t.app.inject({ method: 'GET', url: path, headers: { host: siteHost } });

describe("a published app's page settings", () => {
  it('start from the defaults and are the owner’s alone', async () => {
    const res = await t.api('GET', settingsUrl(), { token: owner.idToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      title: '',
      description: '',
      language: 'en',
      socialImage: 'thumbnail',
      favicon: 'app',
      hasSocialImageUpload: false,
      hasFaviconUpload: false,
      siteUrl: null,
      socialImageUrl: null,
      faviconUrl: null,
    });
    expect((await t.api('GET', settingsUrl(), { token: stranger.idToken })).statusCode).toBe(404);
    expect((await t.api('PUT', settingsUrl(), { token: stranger.idToken, body: { title: 'Mine now' } })).statusCode).toBe(404);
    expect((await upload('favicon', ICO, stranger.idToken)).statusCode).toBe(404);
    expect((await t.api('GET', settingsUrl())).statusCode).toBe(401);
  });

  it('refuse markup, overlong text, bad language tags and an image that was never uploaded', async () => {
    for (const body of [
      { title: '</title><script>alert(1)</script>' },
      { title: 'x'.repeat(71) },
      { description: 'y'.repeat(201) },
      { language: 'en"><script>' },
      { title: ['a'] },
      { socialImage: 'upload' },
      { favicon: 'upload' },
    ]) {
      const res = await t.api('PUT', settingsUrl(), { token: owner.idToken, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toMatch(/invalid_request|bad_request/);
    }
    expect((await t.api('GET', settingsUrl(), { token: owner.idToken })).json().title).toBe('');
  });

  it('refuse SVG, GIF, empty and oversized images with a clear message, and keep nothing of them', async () => {
    const svg = await upload('social-image', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), owner.idToken, 'image/png');
    expect(svg.statusCode).toBe(415);
    expect(svg.json().message).toContain('SVG');
    expect((await upload('social-image', Buffer.from('GIF89a......'))).statusCode).toBe(415);
    expect((await upload('social-image', ICO)).statusCode).toBe(415);
    expect((await upload('favicon', Buffer.alloc(0))).statusCode).toBe(400);
    const big = await upload('favicon', Buffer.concat([PNG, Buffer.alloc(100 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toContain('100 KB');
    expect((await upload('social-image', Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]))).statusCode).toBe(413);
    const view = (await t.api('GET', settingsUrl(), { token: owner.idToken })).json();
    expect(view).toMatchObject({ hasSocialImageUpload: false, hasFaviconUpload: false, socialImage: 'thumbnail', favicon: 'app' });
  });

  it('are saved, and every published page carries them at once, escaped, with its images on the app’s origin', async () => {
    const published = await t.api('POST', `/build/v1/sprouts/${sproutId}/publish`, { token: owner.idToken });
    expect(published.statusCode, published.body).toBe(200);
    siteOrigin = published.json().publicUrl.replace(/\/$/, '');
    siteHost = new URL(siteOrigin).host;

    const before = await site('/');
    expect(before.body).toContain('<title>Sprout starter</title>');
    expect(before.body).toContain(`<link rel="canonical" href="${siteOrigin}/">`);
    expect(before.body).toContain('<html lang="en">');
    // No thumbnail yet (render checks are off here): no image is named.
    expect(before.body).not.toContain('og:image');

    const saved = await t.api('PUT', settingsUrl(), {
      token: owner.idToken,
      body: { title: 'Soup & "Stew" Shop', description: 'Hot soup <3, every day', language: 'fr-CA' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ title: 'Soup & "Stew" Shop', language: 'fr-CA', siteUrl: siteOrigin });

    const page = await site('/menu');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="fr-CA">');
    expect(page.body.match(/<title>/g)).toHaveLength(1);
    expect(page.body).toContain('<title>Soup &amp; &quot;Stew&quot; Shop</title>');
    expect(page.body).toContain('<meta name="description" content="Hot soup &lt;3, every day">');
    expect(page.body).toContain(`<link rel="canonical" href="${siteOrigin}/menu">`);
    expect(page.body).toContain(`<meta property="og:url" content="${siteOrigin}/menu">`);
    expect(page.body).toContain('<meta property="og:title" content="Soup &amp; &quot;Stew&quot; Shop">');
    expect(page.body).toContain('<meta name="twitter:card" content="summary">');

    const social = await upload('social-image', PNG, owner.idToken, 'image/svg+xml');
    expect(social.statusCode, social.body).toBe(200);
    expect(social.json()).toMatchObject({ socialImage: 'upload', hasSocialImageUpload: true, socialImageUrl: `${siteOrigin}/_sprout/social-image` });
    const icon = await upload('favicon', ICO);
    expect(icon.json()).toMatchObject({ favicon: 'upload', faviconUrl: `${siteOrigin}/_sprout/favicon` });

    const withImages = await site('/');
    expect(withImages.body).toContain(`<meta property="og:image" content="${siteOrigin}/_sprout/social-image">`);
    expect(withImages.body).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(withImages.body).toContain('<link rel="icon" href="/_sprout/favicon">');
    const image = await site('/_sprout/social-image');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.from(image.rawPayload).equals(PNG)).toBe(true);
    const favicon = await site('/_sprout/favicon');
    expect(favicon.headers['content-type']).toBe('image/x-icon');
    expect(Buffer.from(favicon.rawPayload).equals(ICO)).toBe(true);

    // Back to none: no image named, and none served.
    await t.api('PUT', settingsUrl(), { token: owner.idToken, body: { title: 'Soup', socialImage: 'none', favicon: 'app' } });
    expect((await site('/')).body).not.toContain('og:image');
    expect((await site('/_sprout/social-image')).statusCode).toBe(404);
    expect((await site('/_sprout/favicon')).statusCode).toBe(404);
  });

  it('give every published app a sitemap and a robots.txt naming it', async () => {
    const sitemap = await site('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.body).toContain(`<loc>${siteOrigin}/</loc>`);
    const robots = await site('/robots.txt');
    expect(robots.body).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${siteOrigin}/sitemap.xml\n`);
  });
});
