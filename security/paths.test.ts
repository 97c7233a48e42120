// Path traversal and zip-slip on every input that takes a path: the model's writes, edits, deletes
// and renames; the files PUT and POST /v1/sprouts; uploads; export zip entries; preview asset URLs
// on the preview host; published apps on the sites host; publish. Hostile forms: ../, absolute,
// %2e%2e (single and double encoded), backslashes, NUL, very long names.
import { beforeAll, describe, expect, it } from 'vitest';
import { validateProjectPath } from '@sprout/core';
import { createVersion, getVersionFiles, schema } from '@sprout/db';
import { applyEdits, type EditAction as Action } from '@sprout/engine';
import { WorkingCopy } from '@sprout/engine/protocol';
import { useTestApp, type Session } from '@sprout/api/testing';
import { Tally } from '@sprout/testkit/vitest';

const tally = new Tally('path traversal & zip-slip');

export const HOSTILE = [
  '../x.ts',
  '../../../../etc/passwd',
  'client/../../x.ts',
  'client/src/../../../x.ts',
  '/etc/passwd',
  '/client/src/App.tsx',
  'C:\\Windows\\win.ini',
  'C:/x.ts',
  '..\\..\\x.ts',
  'client\\..\\..\\x.ts',
  '\\\\server\\share\\x.ts',
  '%2e%2e/x.ts',
  '%2e%2e%2f%2e%2e%2fx.ts',
  '..%2fx.ts',
  '%252e%252e%252fx.ts',
  'client/%2e%2e/%2e%2e/x.ts',
  '..%5cx.ts',
  'client/src/x.ts\u0000.png',
  '\u0000',
  'client/\u0000/x.ts',
  `client/${'a'.repeat(250)}.ts`,
  `${'a/'.repeat(150)}x.ts`,
  `client/src/${'b'.repeat(5000)}.ts`,
  'node_modules/react/index.js',
  '.git/config',
  'client/.env',
  '~/x.ts',
  './client/x.ts',
  'client//x.ts',
  'client/src/x.ts/',
  '..',
  '.',
  '',
  ' ',
  'client/src/\u202Egnp.ts',
  'client/src/x.sh',
  'CON.ts',
  'client/aux.tsx',
  'file:///etc/passwd',
  'client/src/x:y.ts',
];

// Anything the API must never serve from disk or the database, whatever the path says.
const SENSITIVE = [/root:x:0:0/, /"workspaces"\s*:/, /"name"\s*:\s*"@sprout\//, /PG_VERSION/, /BEGIN (EC )?PRIVATE KEY/];

const PORT = 3001;
const t = useTestApp({ API_PORT: String(PORT) });
let owner: Session;
let sproutId: string;
let versionId: string;
const previewHost = () => `${sproutId}.preview.localhost:${PORT}`;

beforeAll(async () => {
  owner = await t.register();
  const created = await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: { displayName: 'Path Target' } });
  sproutId = created.json().id;
  versionId = created.json().currentVersionId;
});

const count = async () => (await t.api('GET', '/v1/sprouts', { token: owner.idToken })).json().length as number;
const currentVersion = async () => (await t.api('GET', `/v1/sprouts/${sproutId}`, { token: owner.idToken })).json().currentVersionId as string;

describe('paths the model writes', () => {
  it('refuses every hostile path in writes, edits, deletes and renames, changing nothing', () => {
    const base = new Map([['client/src/App.tsx', 'export default () => null;\n']]);
    for (const p of HOSTILE) {
      const actions: Action[] = [
        { type: 'write', path: p, content: 'x' },
        { type: 'edit', path: p, blocks: [{ search: '', replace: 'x' }] },
        { type: 'delete', path: p },
        { type: 'rename', from: 'client/src/App.tsx', to: p },
        { type: 'rename', from: p, to: 'client/src/B.tsx' },
      ];
      for (const a of actions) {
        const r = applyEdits(base, [a]);
        tally.check(
          r.changes.length === 0 && [...r.files.keys()].every((k) => validateProjectPath(k).ok) && r.files.size === 1,
          `applyEdits ${a.type} ${JSON.stringify(p).slice(0, 60)}`,
        );
        // The run first normalises the model's path (src/App.tsx → client/src/App.tsx): still never outside.
        const work = new WorkingCopy(base);
        const outcome = work.apply(a);
        tally.check(
          [...work.files.keys()].every((k) => validateProjectPath(k).ok) && (outcome.kind !== 'applied' || validateProjectPath(outcome.change.path).ok),
          `WorkingCopy ${a.type} ${JSON.stringify(p).slice(0, 60)}`,
        );
      }
    }
    tally.assertClean();
  });
});

describe('paths through the API', () => {
  it('refuses hostile paths in PUT /files and POST /v1/sprouts without writing anything', async () => {
    const before = await count();
    for (const p of HOSTILE) {
      const put = await t.api('PUT', `/build/v1/sprouts/${sproutId}/files`, {
        token: owner.idToken,
        body: { path: p, content: 'pwned', baseVersionId: versionId },
      });
      tally.check(put.statusCode === 400, `PUT files ${JSON.stringify(p).slice(0, 60)} → ${put.statusCode}`);
      const post = await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: { displayName: 'x', files: [{ name: p, content: 'pwned' }] } });
      tally.check(post.statusCode === 400, `POST /v1/sprouts file ${JSON.stringify(p).slice(0, 60)} → ${post.statusCode}`);
    }
    expect(await count()).toBe(before);
    expect(await currentVersion()).toBe(versionId);
    tally.assertClean();
  });

  it('refuses hostile ids in uploads, versions and diffs', async () => {
    const encoded = ['..', '..%2f..%2fetc%2fpasswd', '%2e%2e', '%2e%2e%2f%2e%2e', '..%5c..%5cx', '%00', 'x%00y', 'a'.repeat(5000), '%252e%252e', '.%2e'];
    for (const e of encoded) {
      for (const url of [
        `/build/v1/uploads/${e}`,
        `/build/v1/sprouts/${sproutId}/versions/${e}/diff`,
        `/build/v1/sprouts/${sproutId}/files?version=${e}`,
        `/build/v1/sprouts/${e}/export`,
      ]) {
        const res = await t.api('GET', url, { token: owner.idToken });
        tally.check([400, 404, 414].includes(res.statusCode) && !SENSITIVE.some((r) => r.test(res.body)), `GET ${url.slice(0, 80)} → ${res.statusCode}`);
      }
      const up = await t.app.inject({
        method: 'POST',
        url: `/build/v1/uploads?sproutId=${e}`,
        headers: { authorization: `Bearer ${owner.idToken}`, 'content-type': 'image/png' },
        payload: Buffer.from('x'),
      });
      tally.check(up.statusCode >= 400 && up.statusCode < 500, `POST uploads?sproutId=${e.slice(0, 40)} → ${up.statusCode}`);
    }
    tally.assertClean();
  });
});

/** Entry names of a zip, read from its central directory. */
function zipEntries(zip: Buffer): string[] {
  const names: string[] = [];
  for (let i = 0; i + 46 <= zip.length; i++) {
    if (zip.readUInt32LE(i) !== 0x02014b50) continue;
    const nameLength = zip.readUInt16LE(i + 28);
    names.push(zip.subarray(i + 46, i + 46 + nameLength).toString('utf8'));
    i += 45 + nameLength;
  }
  return names;
}

describe('export and publish of a version holding hostile paths', () => {
  it('never puts an entry outside the project folder of the zip, and never publishes one', async () => {
    // Stored around every check (as an old bug or a restored backup might have it): export and publish check again.
    const good = await getVersionFiles(t.db.db, versionId);
    const plain = await t.app.inject({ method: 'GET', url: `/build/v1/sprouts/${sproutId}/export`, headers: { authorization: `Bearer ${owner.idToken}` } });
    expect(plain.statusCode).toBe(200);
    const safeEntry = (n: string, root: string) =>
      n.startsWith(`${root}/`) && !n.includes('\\') && !n.includes('\0') && !n.split('/').includes('..') && validateProjectPath(n.slice(root.length + 1)).ok;
    const root = zipEntries(plain.rawPayload)[0]!.split('/')[0]!;
    for (const n of zipEntries(plain.rawPayload)) tally.check(safeEntry(n, root), `export entry ${n}`);
    // (PostgreSQL text cannot hold NUL at all: those never reach storage.)
    for (const p of HOSTILE.filter((x) => x !== '' && x.length < 1000 && !x.includes('\0'))) {
      await t.db.db.transaction((tx) =>
        createVersion(tx, { sproutId, source: 'test', files: [...good.map((f) => ({ path: f.path, content: f.content })), { path: p, content: 'zip-slip' }] }),
      );
      const res = await t.app.inject({ method: 'GET', url: `/build/v1/sprouts/${sproutId}/export`, headers: { authorization: `Bearer ${owner.idToken}` } });
      const entries = res.statusCode === 200 ? zipEntries(res.rawPayload) : [];
      tally.check(
        res.statusCode === 422 || (res.statusCode === 200 && entries.every((n) => safeEntry(n, root))),
        `export with ${JSON.stringify(p).slice(0, 50)} → ${res.statusCode} ${entries.filter((n) => !safeEntry(n, root)).join(', ')}`,
      );
    }
    // Publish builds the last of those versions: refused, or published without any such path.
    const pub = await t.api('POST', `/build/v1/sprouts/${sproutId}/publish`, { token: owner.idToken });
    const files = await t.db.db.select({ path: schema.deploymentFiles.path }).from(schema.deploymentFiles);
    tally.check(
      pub.statusCode < 500 &&
        files.every((f) => !f.path.startsWith('/') && !f.path.includes('\\') && !f.path.split('/').includes('..') && !f.path.includes('\0')),
      `publish → ${pub.statusCode}, ${files.length} files`,
    );
    tally.assertClean();
  });
});

describe('asset URLs on the preview and sites hosts', () => {
  const ATTACKS = [
    '/../../../../etc/passwd',
    '/..%2f..%2f..%2f..%2fetc%2fpasswd',
    '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/%252e%252e/%252e%252e/etc/passwd',
    '/..\\..\\..\\etc\\passwd',
    '/..%5c..%5c..%5cetc%5cpasswd',
    '/%00',
    '/index.html%00.png',
    '/x%00/../../etc/passwd',
    `/${'a'.repeat(8000)}.js`,
    '/client/../../package.json',
    '/..;/..;/etc/passwd',
    '//etc/passwd',
    '/./../package.json',
    '/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd',
  ];
  const targets = (vendorKey: string) => [
    ...ATTACKS,
    ...ATTACKS.map((a) => `/_sprout/build/${versionId}${a}`),
    ...ATTACKS.map((a) => `/_sprout/vendor/${vendorKey}${a}`),
    `/_sprout/vendor/${vendorKey}/..%2f..%2f..%2fpackage.json`,
    `/_sprout/vendor/${vendorKey}/..\\..\\package.json`,
    `/_sprout/vendor/..%2f${vendorKey}/x.js`,
    '/_sprout/session?token=x&path=//evil.example',
    '/_sprout/session?token=x&path=/\\evil.example',
  ];

  it('serves nothing outside the app on a preview origin, with or without the owner’s preview cookie', async () => {
    const grant = (await t.api('POST', `/build/v1/sprouts/${sproutId}/preview-session`, { token: owner.idToken, body: {} })).json().url as string;
    const exchanged = await t.app.inject({ method: 'GET', url: new URL(grant).pathname + new URL(grant).search, headers: { host: previewHost() } });
    expect(exchanged.statusCode).toBe(303);
    const cookie = [exchanged.headers['set-cookie']]
      .flat()
      .map((c) => String(c).split(';')[0])
      .join('; ');
    const vendorKey = t.app.services.previews.vendor.key;
    for (const url of targets(vendorKey)) {
      for (const withCookie of [true, false]) {
        const res = await t.app.inject({ method: 'GET', url, headers: { host: previewHost(), ...(withCookie ? { cookie } : {}) } });
        const leaked = SENSITIVE.find((r) => r.test(res.body));
        const redirect = String(res.headers.location ?? '');
        const offsite = redirect !== '' && !redirect.startsWith('/') ? redirect : redirect.startsWith('//') || redirect.startsWith('/\\') ? redirect : '';
        tally.check(
          res.statusCode < 500 && !leaked && !offsite,
          `preview ${withCookie ? 'owner' : 'anonymous'} ${url.slice(0, 70)} → ${res.statusCode}${leaked ? ` leaked ${leaked}` : ''}${offsite ? ` redirected to ${offsite}` : ''}`,
        );
      }
    }
    tally.assertClean();
  });

  it('serves nothing outside the deployment on a sites origin', async () => {
    // Another person: the free plan publishes one app, and the owner's was published above.
    const publisher = await t.register();
    const fresh = await t.api('POST', '/v1/sprouts', { token: publisher.idToken, body: { displayName: 'Published Target' } });
    const published = await t.api('POST', `/build/v1/sprouts/${fresh.json().id}/publish`, { token: publisher.idToken });
    expect(published.statusCode, published.body).toBe(200);
    const host = new URL(published.json().publicUrl).host;
    for (const url of [...ATTACKS, ...ATTACKS.map((a) => `/assets${a}`)]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host } });
      const leaked = SENSITIVE.find((r) => r.test(res.body));
      tally.check(res.statusCode < 500 && !leaked, `site ${url.slice(0, 70)} → ${res.statusCode}${leaked ? ` leaked ${leaked}` : ''}`);
    }
    tally.assertClean();
  });
});
