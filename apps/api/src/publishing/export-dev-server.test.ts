import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '@sprout/preview';
import { ViteProjects } from '@sprout/template/testing';
import { freePort } from '@sprout/testkit';
import { type Session, useTestApp } from '../testing';

// An exported app's own dev server (`npm run dev`: the export's vite.config.ts, run by the real Vite)
// against the backend of the app published in Sprout, on this machine: the form's request goes through
// the dev server to the published app under *.sites.localhost, an address Node's own resolver does not
// know, and is stored there.

// The API on the port its published addresses name, as `npm start` runs it.
const port = await freePort();
const t = useTestApp({ API_PORT: String(port), SITES_DOMAIN: `sites.localhost:${port}` });
const vite = new ViteProjects();
let owner: Session;
beforeAll(async () => {
  await t.listen(port);
  owner = await t.register();
});
afterAll(() => vite.cleanUp());

describe("an exported app's npm run dev", () => {
  it('sends its form to the published app through the dev server, and reads it back', async () => {
    const sprout = (await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: { displayName: 'Guest book' } })).json();
    const published = await t.api('POST', `/build/v1/sprouts/${sprout.id}/publish`, { token: owner.idToken });
    expect(published.statusCode, published.body).toBe(200);
    const publicUrl = new URL(published.json().publicUrl);
    expect(publicUrl.hostname).toMatch(/\.sites\.localhost$/);

    const zip = await t.app.inject({ method: 'GET', url: `/build/v1/sprouts/${sprout.id}/export`, headers: { authorization: `Bearer ${owner.idToken}` } });
    const files = new Map(readZip(zip.rawPayload).map((e) => [e.name.slice(e.name.indexOf('/') + 1), new TextDecoder().decode(e.data)]));
    // As the export's README says: .env.example copied to .env, naming the published app.
    const env = files.get('.env.example')!;
    expect(env).toContain(`SPROUT_BACKEND_URL=${publicUrl.origin}`);
    const dir = vite.write({ 'vite.config.ts': files.get('vite.config.ts')!, 'client/index.html': files.get('client/index.html')!, '.env': env });
    const dev = await vite.start(dir, 'dev');

    // The app's page sends the form from the dev server's origin, as a browser on it would.
    const sent = await fetch(`${dev}/_sprout/v1/collections/guests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: dev },
      body: JSON.stringify({ name: 'Ada Lovelace', message: 'Lovely app' }),
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const cookie = sent.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(cookie).not.toBe('');
    const list = await fetch(`${dev}/_sprout/v1/collections/guests`, { headers: { origin: dev, cookie } });
    expect(list.status).toBe(200);
    expect(JSON.stringify(await list.json())).toContain('Ada Lovelace');
  });
});
