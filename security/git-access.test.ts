// Git access as an attacker would try it: guessing or reusing tokens, reaching another person's
// project, pushing trees that escape the project (traversal, hidden files, symbolic links,
// submodules) or that run code on install, and looking for tokens where they must never be (the
// API's log, the database).
import { mkdtempSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { accessTokens } from '@sprout/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessToken, cloneUrl, gitClient, newProject, type Session, useTestApp, versionsOf } from '@sprout/api/testing';
import { Tally } from '@sprout/testkit/vitest';

const tokens = new Tally('git access: only a live token of the owner opens a repository');
const trees = new Tally('git access: a push holds only what a manual edit may save');

const t = useTestApp(() => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sprout-git-sec-')) }));
let base: string;
let owner: Session;
let intruder: Session;
let sproutId: string;
let write: string;
let git: Awaited<ReturnType<typeof gitClient>>;
let work: string;
const issued: string[] = [];

const basic = (password: string) => `Basic ${Buffer.from(`x:${password}`).toString('base64')}`;
const refs = (id: string, authorization?: string) =>
  fetch(`${base}/git/${id}.git/info/refs?service=git-upload-pack`, { headers: authorization ? { authorization } : {} });

beforeAll(async () => {
  base = await t.listen();
  [owner, intruder] = await Promise.all([t.register(), t.register()]);
  sproutId = await newProject(t, owner);
  write = (await accessToken(t, owner.idToken, 'write')).token;
  issued.push(write);
  git = await gitClient();
  work = path.join(git.home, 'work');
  await git.ok(['clone', '-q', cloneUrl(base, sproutId, write), work]);
});

describe('git access tokens', () => {
  it('refuses stolen, reused and foreign credentials, telling nothing about other projects', async () => {
    const theirs = (await accessToken(t, intruder.idToken, 'write')).token;
    issued.push(theirs);
    const theirProject = await newProject(t, intruder);
    const foreign = await refs(sproutId, basic(theirs));
    const missing = await refs('nosuchproject0000000', basic(theirs));
    tokens.check(foreign.status === 404 && missing.status === 404, `another person's token: ${foreign.status}, a missing project: ${missing.status}`);
    tokens.check((await foreign.text()) === (await missing.text()), 'another person’s project answers exactly as a missing one');
    expect((await refs(theirProject, basic(theirs))).status).toBe(200);
    // A sign-in token is not a git password, and an access token opens nothing of the API.
    tokens.check((await refs(sproutId, basic(owner.idToken))).status === 401, 'a sign-in token as the git password');
    tokens.check((await refs(sproutId, `Bearer ${write}`)).status === 401, 'an access token as a bearer token on git');
    tokens.check((await t.api('GET', '/v1/me', { token: write })).statusCode === 401, 'an access token on the API');
    const noAuth = await refs(sproutId);
    tokens.check(noAuth.status === 401 && noAuth.headers.get('www-authenticate') === 'Basic realm="Sprout"', 'no credentials: a Basic challenge');
    // Revoked: refused at once.
    const spare = await accessToken(t, owner.idToken, 'read');
    issued.push(spare.token);
    expect((await refs(sproutId, basic(spare.token))).status).toBe(200);
    await t.api('DELETE', `/v1/me/tokens/${spare.id}`, { token: owner.idToken });
    tokens.check((await refs(sproutId, basic(spare.token))).status === 401, 'a revoked token');
    // Staff acting for someone cannot mint a token that outlives the impersonation.
    const staffMade = await t.api('POST', '/v1/me/tokens', {
      token: await t.app.services.tokens.issueImpersonationToken(intruder.user.id, owner.user.id, 300),
      body: { name: 'x', scope: 'write' },
    });
    tokens.check([401, 403].includes(staffMade.statusCode), `a token made through impersonation: ${staffMade.statusCode}`);
    tokens.assertClean();
  });

  it('keeps only hashes at rest and no token in the log', async () => {
    const rows = JSON.stringify(await t.db.db.select().from(accessTokens));
    const log = JSON.stringify(t.logs);
    for (const token of issued) {
      tokens.check(!rows.includes(token) && !rows.includes(token.slice(4)), 'a token stored in the clear');
      tokens.check(!log.includes(token.slice(4)), 'a token written to the log');
    }
    tokens.assertClean();
  });

  // The wrong passwords above count too: the limit is per address and minute.
  it('slows down guessing', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) statuses.push((await refs(sproutId, basic(`spt_${'A'.repeat(42)}${i % 10}`))).status);
    tokens.check(statuses.includes(429) && statuses.slice(0, 25).every((s) => s === 401), `35 wrong guesses: ${[...new Set(statuses)].join(', ')}`);
    tokens.assertClean();
  });
});

describe('pushed trees', () => {
  const refusedPush = async (what: string, make: () => Promise<void>, reason: RegExp) => {
    const before = (await versionsOf(t, owner, sproutId)).versions.length;
    await make();
    const r = await git.run(['push', 'origin', 'main'], work);
    const after = (await versionsOf(t, owner, sproutId)).versions.length;
    trees.check(r.code !== 0 && reason.test(r.stderr) && after === before, `${what}: ${r.code} ${r.stderr.split('\n')[0]}`);
    await git.ok(['reset', '-q', '--hard', 'origin/main'], work);
  };
  /** A commit on top of HEAD whose root tree gains one raw entry (what git's porcelain would not write). */
  const withEntry = (entry: (blob: string) => Promise<string>) => async () => {
    const blob = await git.ok(['hash-object', '-w', '--stdin'], work, 'export const x = 1;\n');
    const root = await git.ok(['ls-tree', 'HEAD'], work);
    const tree = await git.ok(['mktree'], work, `${root}\n${await entry(blob)}\n`);
    await git.ok(['update-ref', 'refs/heads/main', await git.ok(['commit-tree', tree, '-p', 'HEAD', '-m', 'Hostile'], work)], work);
  };
  const nested = (name: string) => async (blob: string) => `040000 tree ${await git.ok(['mktree'], work, `100644 blob ${blob}\tx.ts\n`)}\t${name}`;

  it('refuses traversal, hidden folders, links, submodules and install scripts, with the reason shown by git', async () => {
    await refusedPush('a ../ path', withEntry(nested('..')), /remote: .*invalid path "\.\.\/x\.ts"/);
    await refusedPush('a .git folder', withEntry(nested('.git')), /remote: .*invalid path "\.git\/x\.ts"/);
    await refusedPush('node_modules', withEntry(nested('node_modules')), /remote: .*node_modules/);
    await refusedPush(
      'a symbolic link',
      withEntry(async (blob) => `120000 blob ${blob}\tlink.ts`),
      /remote: .*symbolic link/,
    );
    await refusedPush(
      'a submodule',
      withEntry(async () => `160000 commit ${await git.ok(['rev-parse', 'HEAD'], work)}\tsub`),
      /remote: .*submodule/,
    );
    for (const script of ['preinstall', 'install', 'postinstall', 'prepare']) {
      await refusedPush(
        `a ${script} script`,
        async () => {
          const manifest = JSON.parse(await readFile(path.join(work, 'package.json'), 'utf8'));
          manifest.scripts = { ...manifest.scripts, [script]: "node -e \"require('child_process').execSync('id')\"" };
          await writeFile(path.join(work, 'package.json'), JSON.stringify(manifest));
          await git.ok(['commit', '-qam', script], work);
        },
        new RegExp(`remote: .*"${script}" script`),
      );
    }
    await refusedPush(
      'a binary file',
      async () => {
        await writeFile(path.join(work, 'client/src/bin.ts'), Buffer.from([0, 1, 2, 255]));
        await git.ok(['add', '.'], work);
        await git.ok(['commit', '-qm', 'bin'], work);
      },
      /remote: .*not a text file/,
    );
    trees.assertClean();
  });
});
