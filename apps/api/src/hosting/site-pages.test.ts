import { beforeAll, describe, expect, it } from 'vitest';
import { newId, publishDeployment } from '@sprout/db';
import { type Session, useTestApp } from '../testing';

interface BuiltFile {
  path: string;
  contentType: string;
  body: Uint8Array;
}

const t = useTestApp();
let owner: Session;
let sproutId: string;
let versionId: string;
let publicUrl: string;
let host: string;

const html = (s: string) => ({ contentType: 'text/html; charset=utf-8', body: Buffer.from(s) });
const INDEX =
  '<!doctype html><html lang="en"><head><title>Soup</title><script type="module" src="/assets/main.js"></script></head><body><div id="root"></div></body></html>';
const prerendered = (text: string) =>
  `<!doctype html>\n<html lang="en"><head><title>Soup</title><script type="module" src="/assets/main.js"></script></head><body><div id="root"><h1>${text}</h1></div></body></html>`;

/** Makes `files` the app's live deployment, stored and switched to as a publish does (publishing/deployment-files.ts). */
async function deploy(files: BuiltFile[]) {
  const deploymentId = newId();
  const rows = files.map((f, n) => ({ path: f.path, contentType: f.contentType, size: f.body.byteLength, storageKey: `deployments/${deploymentId}/${n}` }));
  await t.app.services.files.putPending(files.map((f, n) => ({ key: rows[n]!.storageKey, body: f.body })));
  const result = await publishDeployment(t.db.db, { ownerId: owner.user.id, sproutId, versionId, publicUrl, deploymentId, files: rows });
  expect(result.ok).toBe(true);
}
const site = (path: string) => t.app.inject({ method: 'GET', url: path, headers: { host } });

const APP: BuiltFile[] = [
  { path: 'index.html', ...html(INDEX) },
  { path: 'assets/main.js', contentType: 'text/javascript; charset=utf-8', body: Buffer.from('console.log(1)') },
];
const PAGES: BuiltFile[] = [
  { path: '_prerendered/index.html', ...html(prerendered('Welcome to Soup')) },
  { path: '_prerendered/menu/today.html', ...html(prerendered('Today’s soup')) },
  { path: '_prerendered/routes.json', contentType: 'application/json', body: Buffer.from(JSON.stringify(['/', '/menu/today', '/about', '../x'])) },
];

beforeAll(async () => {
  owner = await t.register();
  const created = (await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: { displayName: 'Soup' } })).json();
  sproutId = created.id;
  versionId = created.currentVersionId;
  publicUrl = (await t.api('POST', `/build/v1/sprouts/${sproutId}/publish`, { token: owner.idToken })).json().publicUrl.replace(/\/$/, '');
  host = new URL(publicUrl).host;
});

describe('a published app with prerendered pages', () => {
  it('serves each route’s rendered HTML, with its head and the visits script, and the app’s scripts still there', async () => {
    await deploy([...APP, ...PAGES]);
    const home = await site('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<h1>Welcome to Soup</h1>');
    expect(home.body).toContain('<script type="module" src="/assets/main.js"></script>');
    expect(home.body).toContain('<script src="/_sprout/visits.js" defer></script>');
    expect(home.body).toContain(`<link rel="canonical" href="${publicUrl}/">`);
    expect(home.body).not.toContain('noindex');
    const today = await site('/menu/today/');
    expect(today.statusCode).toBe(200);
    expect(today.body).toContain('<h1>Today’s soup</h1>');
    expect(today.body).toContain(`<link rel="canonical" href="${publicUrl}/menu/today">`);
    // A route that rendered nothing is still the app's: its client-rendered page.
    const about = await site('/about');
    expect(about.statusCode).toBe(200);
    expect(about.body).toContain('<div id="root"></div>');
  });

  it('answers 404 with the app’s page and noindex for an address that is none of its routes', async () => {
    const missing = await site('/no/such/page');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(missing.body).toContain('<div id="root"></div>');
    expect(missing.body).toContain('<meta name="robots" content="noindex">');
    expect((await site('/missing.png')).statusCode).toBe(404);
  });

  it('lists its routes in the sitemap, names it in robots.txt, and keeps the prerendered files out of reach', async () => {
    const sitemap = await site('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body.match(/<loc>/g)).toHaveLength(3);
    expect(sitemap.body).toContain(`<loc>${publicUrl}/menu/today</loc>`);
    expect(sitemap.body).not.toContain('../x');
    expect((await site('/robots.txt')).body).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);
    expect((await site('/_prerendered/routes.json')).statusCode).toBe(404);
    expect((await site('/_prerendered/index.html')).statusCode).toBe(404);
  });

  it('serves the app’s own robots.txt and sitemap.xml instead of Sprout’s', async () => {
    await deploy([
      ...APP,
      ...PAGES,
      { path: 'robots.txt', contentType: 'text/plain; charset=utf-8', body: Buffer.from('User-agent: *\nDisallow: /private\n') },
      { path: 'sitemap.xml', contentType: 'application/xml', body: Buffer.from('<urlset>mine</urlset>') },
    ]);
    expect((await site('/robots.txt')).body).toBe('User-agent: *\nDisallow: /private\n');
    expect((await site('/sitemap.xml')).body).toBe('<urlset>mine</urlset>');
  });

  it('keeps today’s behaviour for a deployment without a route list: every route is the app, with 200', async () => {
    await deploy(APP);
    const any = await site('/no/such/page');
    expect(any.statusCode).toBe(200);
    expect(any.body).toContain('<div id="root"></div>');
    expect(any.body).not.toContain('noindex');
    expect((await site('/sitemap.xml')).body).toContain(`<loc>${publicUrl}/</loc>`);
  });
});
