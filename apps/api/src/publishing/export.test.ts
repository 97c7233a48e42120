import { beforeAll, describe, expect, it } from 'vitest';
import { validateProjectPath } from '@sprout/core';
import { createVersion, getVersionFiles } from '@sprout/db';
import { readZip } from '@sprout/preview';
import { ALLOWED_PACKAGES, buildTooling } from '@sprout/template';
import { type Session, useTestApp } from '../testing';

const t = useTestApp();
let owner: Session;
beforeAll(async () => {
  owner = await t.register();
});

const exportOf = (s: Session, id: string) =>
  t.app.inject({ method: 'GET', url: `/build/v1/sprouts/${id}/export`, headers: { authorization: `Bearer ${s.idToken}` } });
const text = (data: Uint8Array) => new TextDecoder().decode(data);

describe('GET /build/v1/sprouts/:id/export', () => {
  it('returns the current version as a standalone Vite project under one folder', async () => {
    const p = (await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: { displayName: 'Café Planner' } })).json();
    const res = await exportOf(owner, p.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="cafe-planner.zip"');
    const entries = readZip(res.rawPayload);
    const names = entries.map((e) => e.name);
    for (const name of names) {
      expect(name.startsWith('cafe-planner/')).toBe(true);
      expect(validateProjectPath(name.slice('cafe-planner/'.length))).toMatchObject({ ok: true });
    }
    expect(names).toEqual(
      expect.arrayContaining([
        'cafe-planner/package.json',
        'cafe-planner/vite.config.ts',
        'cafe-planner/tsconfig.json',
        'cafe-planner/client/index.html',
        'cafe-planner/client/src/App.tsx',
        'cafe-planner/client/src/components/ui/calendar.tsx',
        'cafe-planner/.gitignore',
        'cafe-planner/.prettierrc',
      ]),
    );
    const manifest = JSON.parse(text(entries.find((e) => e.name === 'cafe-planner/package.json')!.data));
    expect(manifest.name).toBe('cafe-planner');
    expect(manifest.scripts.build).toBe('vite build');
    // Exactly what the code imports, at the versions the preview runs.
    expect(Object.keys(manifest.dependencies)).toEqual([
      'class-variance-authority',
      'clsx',
      'cmdk',
      'lucide-react',
      'radix-ui',
      'react',
      'react-day-picker',
      'react-dom',
      'tailwind-merge',
    ]);
    for (const [name, version] of Object.entries(manifest.dependencies)) expect(version).toBe(ALLOWED_PACKAGES[name]);
    expect(manifest.devDependencies).toEqual(buildTooling());
  });

  it('points a published app’s export at that app’s backend, and an unpublished one at a placeholder', async () => {
    const p = (await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: { displayName: 'Backed app' } })).json();
    const envOf = async () => {
      const entries = readZip((await exportOf(owner, p.id)).rawPayload);
      return text(entries.find((e) => e.name.endsWith('/.env.example'))!.data);
    };
    expect(await envOf()).toContain('SPROUT_BACKEND_URL=https://your-app.example');
    const published = await t.api('POST', `/build/v1/sprouts/${p.id}/publish`, { token: owner.idToken });
    expect(published.statusCode, published.body).toBe(200);
    expect(await envOf()).toContain(`SPROUT_BACKEND_URL=${published.json().publicUrl}`);
  });

  it('has a README: the app’s name, how to run, build and deploy it, and its backend', async () => {
    // A person of its own: the Free plan publishes one app at a time.
    const person = await t.register();
    const p = (await t.api('POST', '/v1/sprouts', { token: person.idToken, body: { displayName: 'Readme Café' } })).json();
    const readmeOf = async () => {
      const entries = readZip((await exportOf(person, p.id)).rawPayload);
      return text(entries.find((e) => e.name.endsWith('/README.md'))!.data);
    };
    const before = await readmeOf();
    expect(before.startsWith('# Readme Café\n')).toBe(true);
    for (const part of ['npm install', 'npm run dev', 'npm run build', '## Deploy', '## Backend']) expect(before).toContain(part);
    expect(before).toContain('Publish the app from Sprout');
    const published = await t.api('POST', `/build/v1/sprouts/${p.id}/publish`, { token: person.idToken });
    expect(published.statusCode, published.body).toBe(200);
    expect(await readmeOf()).toContain(`**${published.json().publicUrl}**`);
  });

  it('lists packages the project starts using and restores missing tooling files', async () => {
    const p = (await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: {} })).json();
    const files = (await getVersionFiles(t.db.db, p.currentVersionId))
      .filter((f) => f.path !== 'vite.config.ts' && f.path !== 'package.json')
      .map((f) =>
        f.path === 'client/src/App.tsx'
          ? { ...f, content: "import { create } from 'zustand';\nexport const useStore = create(() => ({}));\nexport default () => null;\n" }
          : f,
      );
    await t.db.db.transaction((tx) => createVersion(tx, { sproutId: p.id, files, source: 'test' }));
    const entries = readZip((await exportOf(owner, p.id)).rawPayload);
    const root = entries[0]!.name.split('/')[0]!;
    expect(entries.some((e) => e.name === `${root}/vite.config.ts`)).toBe(true);
    const manifest = JSON.parse(text(entries.find((e) => e.name === `${root}/package.json`)!.data));
    expect(manifest.dependencies.zustand).toBe(ALLOWED_PACKAGES.zustand);
  });

  it('answers 404 for another user’s project and 401 without a token', async () => {
    const p = (await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: {} })).json();
    const stranger = await t.register();
    expect((await exportOf(stranger, p.id)).statusCode).toBe(404);
    expect((await t.api('GET', `/build/v1/sprouts/${p.id}/export`)).statusCode).toBe(401);
  });
});
