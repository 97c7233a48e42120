import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { asksForSharedData, parseDataRules } from '@sprout/core';
import { testBuilder } from '@sprout/preview/testing';
import { ALLOWED_PACKAGES, starterFiles } from '@sprout/template';
import { scaledTimeout } from '@sprout/testkit';
import { exportsOf } from '../context/exports';
import { CLIENT_EXPORTS, CLIENT_PATH, clientImportIssues, collectionsUsed, dataIssues, isClientSpecifier, undeclaredSharedIssues } from './data-checks';
import { startChecks } from './start-checks';
import { typecheckProject } from './typecheck';

const starter = () => new Map(starterFiles().map((f) => [f.name, f.content]));
const project = (changes: Record<string, string>) => {
  const files = starter();
  for (const [p, c] of Object.entries(changes)) files.set(p, c);
  return files;
};
const rulesOf = (text: string) => {
  const parsed = parseDataRules(text);
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  return parsed.rules;
};

describe('the client library the checks know', () => {
  it('is the template’s client/src/lib/sprout.ts, whose exports are exactly CLIENT_EXPORTS', () => {
    const client = starterFiles().find((f) => f.name === CLIENT_PATH);
    expect(client).toBeDefined();
    expect(exportsOf(client!.content).sort()).toEqual([...CLIENT_EXPORTS].sort());
  });

  it('builds in the preview bundler and type-checks, used the way docs/app-backend.md shows', async () => {
    const app = `import { useState } from 'react';
import { ai, auth, db, files, SproutError, useChat, useCollection, useUser, type AiMessage, type ListQuery, type SproutDoc } from '@/lib/sprout';

interface Entry { name: string; slot?: string }
const entries = db.collection<Entry>('entries');
const query: ListQuery = { where: { slot: { gte: '2026-12-01' } }, orderBy: 'slot', desc: false, limit: 50 };

export default function App() {
  const { data, loading, error } = useCollection<Entry>('entries', { orderBy: 'createdAt', desc: true });
  const { user } = useUser();
  const chat = useChat({ system: 'Answer in one sentence.', maxTokens: 200 });
  const [problem, setProblem] = useState('');
  async function run(file: File) {
    try {
      const added: SproutDoc<Entry> = await entries.add({ name: 'Ada' });
      const page = await entries.list(query);
      await entries.list({ ...query, after: page.next });
      await entries.update(added.id, { slot: null });
      await entries.get(added.id);
      await entries.remove(added.id);
      entries.subscribe({ where: { name: 'Ada' } }, (docs) => setProblem(String(docs.length)))();
      await auth.signUp({ email: 'a@example.com', password: 'long enough' });
      await auth.signIn({ email: 'a@example.com', password: 'long enough' });
      await auth.user();
      await auth.signOut();
      const { url } = await files.upload(file);
      const asked: AiMessage[] = [{ role: 'user', content: 'Name a colour.' }];
      const colour: string = await ai.complete({ messages: asked, system: 'One word.', maxTokens: 10 });
      for await (const text of ai.chat({ messages: asked, signal: new AbortController().signal })) setProblem(colour + text);
      await chat.send('Hello');
      chat.stop();
      chat.reset();
      setProblem(url);
    } catch (err) {
      if (err instanceof SproutError) setProblem(\`\${err.code} \${err.status} \${err.message}\`);
    }
  }
  if (loading) return <p>Loading</p>;
  return (
    <main>
      <p>{error?.message ?? problem} {user?.email}</p>
      <p>{chat.streaming ? 'writing' : chat.error?.message} {chat.messages.map((m) => m.role + m.content).join()}</p>
      <input type="file" onChange={(e) => e.target.files?.[0] && void run(e.target.files[0])} />
      <ul>{data.map((e) => <li key={e.id}>{e.name} {e.createdAt}</li>)}</ul>
    </main>
  );
}
`;
    const files = project({ 'client/src/App.tsx': app });
    const built = await testBuilder().build(
      [...files].map(([p, content]) => ({ path: p, content })),
      { mode: 'preview', assetBase: '/_sprout/build/v/', bridgeOrigin: 'http://localhost:3000' },
    );
    expect(built.ok ? [] : built.errors).toEqual([]);
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'sprout-data-checks-'));
    try {
      // The compiler's budget, with room for a busy machine, inside the test's (both grow with the load).
      const typed = await typecheckProject(files, ['client/src/App.tsx', CLIENT_PATH], { tmpDir: scratch, timeoutMs: scaledTimeout(25_000) });
      expect(typed).toMatchObject({ status: 'ok', errors: [] });
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});

describe('sprout.data.json', () => {
  it('reports each problem parseDataRules finds, as its own issue on the rules file', () => {
    const text = JSON.stringify({ collections: { entries: { read: 'everyone', create: 'anyone', colour: 'red' } } });
    const expected = (parseDataRules(text) as { problems: string[] }).problems;
    expect(expected.length).toBe(2);
    const issues = dataIssues(project({ 'sprout.data.json': text }), []);
    expect(issues).toEqual(expected.map((message) => ({ source: 'data', file: 'sprout.data.json', line: null, column: null, message })));
  });

  it('reports a file that is not JSON, whether or not the run changed it', () => {
    const issues = dataIssues(project({ 'sprout.data.json': '{ "collections": { ' }), ['client/src/App.tsx']);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.message).toMatch(/^sprout\.data\.json is not valid JSON/);
  });

  it('asks to leave out the payments collection, which the backend ignores', () => {
    const issues = dataIssues(project({ 'sprout.data.json': '{"collections":{"payments":{"read":"anyone"},"tasks":{}}}' }), []);
    expect(issues.map((i) => [i.file, i.message])).toEqual([['sprout.data.json', expect.stringMatching(/^collection "payments" is Sprout's record/)]]);
  });

  it('is quiet about valid rules and about a project without the file', () => {
    expect(dataIssues(project({ 'sprout.data.json': '{"collections":{"tasks":{"read":"signed-in","delete":"creator"}}}' }), [])).toEqual([]);
    expect(dataIssues(starter(), [...starter().keys()])).toEqual([]);
  });
});

describe('imports from the client', () => {
  it('resolves @/ and relative specifiers to client/src/lib/sprout', () => {
    expect(isClientSpecifier('client/src/App.tsx', '@/lib/sprout')).toBe(true);
    expect(isClientSpecifier('client/src/App.tsx', './lib/sprout')).toBe(true);
    expect(isClientSpecifier('client/src/components/board/Column.tsx', '../../lib/sprout.ts')).toBe(true);
    expect(isClientSpecifier('client/src/components/Column.tsx', './lib/sprout')).toBe(false);
    expect(isClientSpecifier('client/src/App.tsx', 'sprout')).toBe(false);
    expect(isClientSpecifier('client/src/App.tsx', '@/lib/sprout-helpers')).toBe(false);
  });

  it('reports names the client does not export, with the line, and the default import it does not have', () => {
    const app = [
      "import { useState } from 'react';",
      "import { db, useCollection, type SproutDoc, useQuery } from '@/lib/sprout';",
      "import sprout, { auth as appAuth } from './lib/sprout';",
      '',
      'export default function App() { return null; }',
    ].join('\n');
    const files = project({ 'client/src/App.tsx': app });
    const issues = clientImportIssues(files, ['client/src/App.tsx']);
    expect(issues.map((i) => [i.source, i.file, i.line, i.message.split(' It exports')[0]])).toEqual([
      ['imports', 'client/src/App.tsx', 2, `'@/lib/sprout' (the app's backend client) does not export "useQuery".`],
      ['imports', 'client/src/App.tsx', 3, `'./lib/sprout' (the app's backend client) has no default export.`],
    ]);
    expect(issues[0]!.message).toContain('It exports db, auth, files, functions, ai, payments, useCollection, useUser, useFunction, useChat, SproutError');
  });

  it('accepts every real export, type imports, aliases, namespaces and re-exports', () => {
    const code = [
      `import { ${CLIENT_EXPORTS.filter((n) => n !== 'db').join(', ')} } from '@/lib/sprout';`,
      "import type { SproutDoc as Doc } from '../../lib/sprout';",
      "import { db as database } from '@/lib/sprout';",
      "import * as sprout from '@/lib/sprout';",
      "export { useUser } from '@/lib/sprout';",
    ].join('\n');
    expect(clientImportIssues(project({ 'client/src/components/a/Entries.tsx': code }), ['client/src/components/a/Entries.tsx'])).toEqual([]);
  });

  it('checks re-exports and only the files the run changed', () => {
    const files = project({ 'client/src/api.ts': "export { bogus } from '@/lib/sprout';\n", 'client/src/old.ts': "import { gone } from '@/lib/sprout';\n" });
    expect(clientImportIssues(files, ['client/src/api.ts']).map((i) => i.message)).toEqual([expect.stringContaining('does not export "bogus"')]);
  });

  it('reads a project’s own extended client instead of the template’s list', () => {
    const own = `${starterFiles().find((f) => f.name === CLIENT_PATH)!.content}\nexport const useCount = () => 0;\n`;
    const files = project({ [CLIENT_PATH]: own, 'client/src/App.tsx': "import { useCount, nope } from '@/lib/sprout';\n" });
    expect(clientImportIssues(files, ['client/src/App.tsx']).map((i) => i.message)).toEqual([expect.stringContaining('"nope"')]);
  });
});

describe('shared data left undeclared', () => {
  it('recognises requests for data other people see', () => {
    for (const yes of [
      'A guestbook where everyone can leave a message',
      'Let all users see the scores',
      'a booking page for my salon',
      'I want to read the submissions',
      'Tasks shared with my team',
      'the owner sees every order',
    ])
      expect(asksForSharedData(yes), yes).toBe(true);
    for (const no of ['Make the buttons blue', 'A personal todo list', 'Add a dark mode toggle', 'Sort my notes by date', 'my journal'])
      expect(asksForSharedData(no), no).toBe(false);
  });

  it('finds literal collection names in db.collection and useCollection, typed or not', () => {
    const code =
      'const a = db.collection(\'tasks\');\nconst b = db.collection<Entry>("entries");\nconst { data } = useCollection<Task>(`tasks`);\nuseCollection(name);\n';
    expect([...collectionsUsed('client/src/a.tsx', code)]).toEqual([
      ['tasks', 1],
      ['entries', 2],
    ]);
  });

  const guestbook =
    "import { db, useCollection } from '@/lib/sprout';\nconst entries = db.collection('entries');\nexport function List() {\n  return useCollection('notes').data.length;\n}\n";

  it('tells the model to declare a collection a shared-data request uses but the rules leave per visitor', () => {
    const files = project({ 'client/src/Guestbook.tsx': guestbook, 'sprout.data.json': '{"collections":{"notes":{"create":"anyone","read":"anyone"}}}' });
    const issues = undeclaredSharedIssues(rulesOf(files.get('sprout.data.json')!), files, ['client/src/Guestbook.tsx'], 'a guestbook everyone can sign');
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ source: 'data', file: 'client/src/Guestbook.tsx', line: 2 });
    expect(issues[0]!.message).toContain('Collection "entries" is not declared in sprout.data.json');
    expect(issues[0]!.message).toContain('anyone, signed-in, creator or nobody');
  });

  it('says nothing when the request is about one visitor’s own data, or everything used is declared', () => {
    const files = project({ 'client/src/Guestbook.tsx': guestbook });
    expect(undeclaredSharedIssues(rulesOf('{}'), files, ['client/src/Guestbook.tsx'], 'a personal reading list')).toEqual([]);
    const declared = rulesOf('{"collections":{"entries":{"read":"anyone"},"notes":{"read":"nobody"}}}');
    expect(undeclaredSharedIssues(declared, files, ['client/src/Guestbook.tsx'], 'a guestbook everyone can sign')).toEqual([]);
  });

  it('runs inside dataIssues only when the rules parse, so a broken file is fixed first', () => {
    const broken = project({ 'client/src/Guestbook.tsx': guestbook, 'sprout.data.json': '{"collections":{"entries":{"read":"all"}}}' });
    const issues = dataIssues(broken, ['client/src/Guestbook.tsx'], 'a guestbook everyone can sign');
    expect(issues.map((i) => i.file)).toEqual(['sprout.data.json']);
    const missing = project({ 'client/src/Guestbook.tsx': guestbook });
    expect(dataIssues(missing, ['client/src/Guestbook.tsx'], 'a guestbook everyone can sign').map((i) => i.message.slice(0, 20))).toEqual([
      'Collection "entries"',
      'Collection "notes" i',
    ]);
  });
});

describe('startChecks', () => {
  it('reports the app-backend problems with the build’s, for the fix round', async () => {
    const builder = testBuilder();
    const app =
      "import { db } from '@/lib/sprout';\nconst bookings = db.collection('bookings');\nexport default function App() { void bookings; return <p>Book</p>; }\n";
    const files = project({ 'client/src/App.tsx': app });
    const checks = await startChecks(files, ['client/src/App.tsx'], {
      build: (f) => builder.build(f, { mode: 'preview', assetBase: '/_sprout/build/v/', bridgeOrigin: 'http://localhost:3000' }),
      allowed: ALLOWED_PACKAGES,
      request: 'A booking page: visitors pick a slot and I see the bookings',
    });
    expect(checks.buildOk).toBe(true);
    expect(checks.ok).toBe(false);
    expect(checks.issues.map((i) => i.message)).toEqual([expect.stringContaining('Collection "bookings" is not declared')]);
    await checks.typeCheck;
  });
});
