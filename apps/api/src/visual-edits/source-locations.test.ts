import { readZip } from '@sprout/preview';
import type { Sprout } from '@sprout/core/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPreviewPage, type Session, useTestApp } from '../testing';

// Where each element comes from is the preview's alone: the preview's modules carry it, a published
// app and an export carry none of it.

const t = useTestApp();
let owner: Session;
beforeAll(async () => {
  owner = await t.register();
});

const MARK = 'data-sprout-loc';

describe('source locations', () => {
  it('are in the preview, and in neither the published app nor the export', async () => {
    const sprout = (await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: { displayName: 'Marked' } })).json() as Sprout;

    const preview = await openPreviewPage(t, owner, sprout.id);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: preview.host, cookie: preview.cookie } });
    const page = await get('/');
    const manifest = JSON.parse(/<script type="application\/json" id="sprout-manifest">(.*?)<\/script>/s.exec(page.body)![1]!) as {
      base: string;
      modules: Record<string, { name: string }>;
    };
    const app = await get(manifest.base + manifest.modules['client/src/App.tsx']!.name);
    expect(app.statusCode).toBe(200);
    // The app's module hands each element's place to Sprout's JSX runtime, which marks host elements.
    expect(app.body).toMatch(/lineNumber: \d+/);
    const runtime = /from "\.\/(sprout-jsx\.[\w.]+\.js)"/.exec(app.body)?.[1];
    expect(runtime).toBeDefined();
    expect((await get(manifest.base + runtime!)).body).toContain(MARK);

    const published = await t.api('POST', `/build/v1/sprouts/${sprout.id}/publish`, { token: owner.idToken });
    expect(published.statusCode, published.body).toBe(200);
    const host = new URL(published.json().publicUrl).host;
    const site = (url: string) => t.app.inject({ method: 'GET', url, headers: { host } });
    const html = (await site('/')).body;
    const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const js = (await site(src)).body;
      expect(js.length).toBeGreaterThan(1000);
      expect(js).not.toContain(MARK);
      expect(js).not.toContain('lineNumber');
    }
    expect(html).not.toContain(MARK);

    const exported = await t.app.inject({ method: 'GET', url: `/build/v1/sprouts/${sprout.id}/export`, headers: { authorization: `Bearer ${owner.idToken}` } });
    expect(exported.statusCode).toBe(200);
    const entries = readZip(exported.rawPayload);
    expect(entries.length).toBeGreaterThan(10);
    for (const e of entries) expect(new TextDecoder().decode(e.data)).not.toContain(MARK);
  });
});
