import { describe, expect, it } from 'vitest';
import { createVersion, getVersionFiles } from '@sprout/db';
import { freezeChromium } from '@sprout/testkit/browser';
import { type Session, useTestApp } from '../testing';

// The real thing: the production build, Debian’s Chromium (the checks’ pool), the API in-process; on
// PostgreSQL (DATABASE_URL) the publish goes through the queue, on PGlite it runs in the process asked.
const t = useTestApp({ PRERENDER: 'on', PRERENDER_TIMEOUT_MS: '8000' });

const ROUTED_APP = `export default function App() {
  const path = window.location.pathname;
  return (
    <main>
      <h1>{path === '/about' ? 'About the soup shop' : path === '/' ? 'Welcome to the soup shop' : 'Lost'}</h1>
      <nav>
        <a href="/">Home</a> <a href="/about">About</a> <a href="https://elsewhere.example/x">Away</a> <a href="/logo.png">Logo</a>
      </nav>
    </main>
  );
}
`;
const BROKEN_APP = `export default function App() {
  throw new Error('broken on purpose');
}
`;
const LOOPING_APP = `export default function App() {
  for (;;) {}
}
`;

async function publishApp(s: Session, app: string): Promise<{ origin: string; ms: number; again: () => Promise<number> }> {
  const created = (await t.api('POST', '/v1/sprouts', { token: s.idToken, body: { displayName: 'Soup Shop' } })).json();
  const files = (await getVersionFiles(t.db.db, created.currentVersionId)).map((f) => (f.path === 'client/src/App.tsx' ? { ...f, content: app } : f));
  await t.db.db.transaction((tx) => createVersion(tx, { sproutId: created.id, files, source: 'test' }));
  const publish = async () => {
    const started = performance.now();
    const res = await t.api('POST', `/build/v1/sprouts/${created.id}/publish`, { token: s.idToken });
    expect(res.statusCode, res.body).toBe(200);
    return { ms: performance.now() - started, origin: res.json().publicUrl.replace(/\/$/, '') };
  };
  const { ms, origin } = await publish();
  return { origin, ms, again: async () => (await publish()).ms };
}
const site = (origin: string, path: string) => t.app.inject({ method: 'GET', url: path, headers: { host: new URL(origin).host } });

describe('prerendering at publish', () => {
  it('serves each page’s rendered content without running any script, found by following its links', async () => {
    const s = await t.register();
    const { origin, ms, again } = await publishApp(s, ROUTED_APP);
    const home = await site(origin, '/');
    expect(home.statusCode).toBe(200);
    // The raw HTML, as a crawler reads it: the heading the app renders is in it.
    expect(home.body).toMatch(/<h1>Welcome to the soup shop<\/h1>/);
    expect(home.body).toMatch(/<script type="module" src="\/assets\/main-\w+\.js"><\/script>/);
    const about = await site(origin, '/about');
    expect(about.statusCode).toBe(200);
    expect(about.body).toMatch(/<h1>About the soup shop<\/h1>/);
    const lost = await site(origin, '/lost');
    expect(lost.statusCode).toBe(404);
    expect(lost.body).toContain('<meta name="robots" content="noindex">');
    const sitemap = (await site(origin, '/sitemap.xml')).body;
    expect(sitemap.match(/<loc>[^<]*<\/loc>/g)).toEqual([`<loc>${origin}/</loc>`, `<loc>${origin}/about</loc>`]);
    const logged = t.logs.filter((l) => l.msg === 'pages prerendered');
    expect(logged).toEqual([expect.objectContaining({ pages: 2 })]);
    // The same version again (its build cached, Chromium running): what prerendering costs on a warm server.
    const warmMs = await again();
    const warm = t.logs.filter((l) => l.msg === 'pages prerendered')[1];
    console.log(
      `publish with prerendering: first ${Math.round(ms)} ms (prerendering ${String(logged[0]?.durationMs)} ms, Chromium started), again ${Math.round(warmMs)} ms (prerendering ${String(warm?.durationMs)} ms)`,
    );
  });

  it('never fails a publish: an app that renders nothing is served as the browser renders it', async () => {
    const s = await t.register();
    const { origin } = await publishApp(s, BROKEN_APP);
    const home = await site(origin, '/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<div id="root"></div>');
    // No route list: every route is still the app, as before prerendering.
    expect((await site(origin, '/anything')).statusCode).toBe(200);
  });

  it('gives up on a page stuck in a loop at its time limit, and publishes all the same', async () => {
    const s = await t.register();
    const before = t.logs.length;
    const { origin } = await publishApp(s, LOOPING_APP);
    // The publish answered (without the limit it would never end), and prerendering ended with no page.
    const logged = t.logs.slice(before).filter((l) => l.msg === 'pages prerendered');
    expect(logged).toEqual([expect.objectContaining({ pages: 0 })]);
    expect((await site(origin, '/')).body).toContain('<div id="root"></div>');
    expect((await site(origin, '/anything')).statusCode).toBe(200);
  });

  it('publishes without pages when Chromium itself stops answering, at the same time limit', async () => {
    const s = await t.register();
    // A publish starts Chromium (kept for the next); frozen, it takes no new context or page, as a
    // browser hung on a starved machine.
    const published = await publishApp(s, ROUTED_APP);
    const before = t.logs.length;
    const chromium = freezeChromium();
    try {
      await published.again();
      expect(t.logs.slice(before).filter((l) => l.msg === 'pages were not prerendered')).toEqual([expect.objectContaining({ reason: 'out of time' })]);
      expect((await site(published.origin, '/')).body).toContain('<div id="root"></div>');
    } finally {
      chromium.thaw();
    }
  });
});
