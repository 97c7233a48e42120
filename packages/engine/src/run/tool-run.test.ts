import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@sprout/db/testing';
import { getRun, getUsageStats, insertAppDocument, insertMessageUsage, listMessages, type DbHandle } from '@sprout/db';
import type { BuildResult, ProjectFile } from '@sprout/preview';
import { FakeModelServer, type FakeReply } from '../testing';
import { seedRun } from '../testing/seed-run';
import { resolveModel } from '../models/providers';
import type { RenderCheckFn } from '../checks/render-check';
import { InProcessRunEventHub } from './event-hub';
import type { RunEvent } from './events';
import { RunManager } from './run-manager';
import type { RunInput } from './run-types';

// A model that uses tools, driven at the provider seam (OpenAI's chat completions on 127.0.0.1),
// through a whole run: its tool calls, their events and results, its edits in the protocol's
// blocks, and the bounds that stop it.

let h: DbHandle;
let fake: FakeModelServer;
let anthropic: FakeModelServer;
beforeAll(async () => {
  [h, fake, anthropic] = await Promise.all([createTestDb(), FakeModelServer.start('openai'), FakeModelServer.start('anthropic')]);
});
afterAll(async () => {
  await Promise.all([h?.close(), fake?.close(), anthropic?.close()]);
});

const TODO = (label: string) => `export default function App() {\n  return <main><h1>Tasks</h1><p>${label}</p></main>;\n}\n`;
const CHECK = JSON.stringify({ name: 'Shows done tasks', steps: [{ do: 'expectText', text: 'Done' }] });
const write = (content: string) => `<sprout-write path="client/src/App.tsx">\n${content}</sprout-write>\n`;

/** A host whose build keeps each candidate's files, and whose render check passes the behaviour check when App shows "Done". */
function host() {
  const built = new Map<string, Map<string, string>>();
  const build = async (_sproutId: string, versionId: string, files: ProjectFile[]): Promise<BuildResult> => {
    built.set(versionId, new Map(files.map((f) => [f.path, f.content])));
    const base = { mode: 'preview' as const, warnings: [], durationMs: 1 };
    return { ...base, ok: true, html: '', assets: new Map(), publicFiles: new Map(), scriptHashes: [], vendorSpecifiers: [] };
  };
  const renderCheck: RenderCheckFn = async (input) => {
    const app = built.get(input.versionId)?.get('client/src/App.tsx') ?? '';
    const ok = app.includes('Done');
    const checks = input.checks.map((c) => ({
      file: c.file,
      name: c.name,
      ok,
      failedStep: ok ? null : 1,
      step: ok ? null : 'see the text "Done"',
      message: ok ? null : 'The page does not show "Done".',
    }));
    return { status: 'passed', durationMs: 5, thumbnail: new Uint8Array([0xff, 0xd8, 1]), checks, console: [{ type: 'log', text: 'ready' }] };
  };
  return { build, renderCheck };
}

async function run(replies: FakeReply[], o: { steps?: number; tools?: boolean; anthropic?: boolean; before?: (sproutId: string) => Promise<void> } = {}) {
  const server = o.anthropic ? anthropic : fake;
  const seeded = await seedRun(h.db, {
    files: [
      { path: 'client/src/App.tsx', content: TODO('Nothing yet') },
      { path: 'checks/done.json', content: CHECK },
    ],
  });
  await insertMessageUsage(h.db, { userId: seeded.user.id, runId: seeded.run.id });
  await o.before?.(seeded.sprout.id);
  const hub = new InProcessRunEventHub();
  const events: RunEvent[] = [];
  hub.subscribe(seeded.run.id, (e) => events.push(e));
  const manager = new RunManager({ db: h.db, hub, ...host(), packages: {}, typeCheck: false, maxRetries: 0 });
  const spec = o.anthropic ? 'anthropic:claude-test' : o.tools === false ? `openai-compatible:${fake.url}#fake-coder` : 'openai:gpt-test';
  const model = resolveModel(spec, { openaiApiKey: 'k', openaiBaseUrl: fake.url, anthropicApiKey: 'k', anthropicBaseUrl: anthropic.url });
  const from = server.requests.length;
  server.reply(...replies);
  const input: RunInput = {
    runId: seeded.run.id,
    sproutId: seeded.sprout.id,
    userId: seeded.user.id,
    kind: 'message',
    staff: false,
    messageId: null,
    request: 'Mark tasks done',
    model,
    partialEdits: false,
    condensed: false,
    baseVersionId: seeded.version.id,
    images: [],
    fixBudget: 2,
    toolLimits: { steps: o.steps ?? 6, tokens: 1_000_000 },
  };
  manager.start(input);
  await manager.settled(seeded.run.id);
  await manager.close();
  const requests = server.requests.slice(from);
  const tools = events.filter((e) => e.type === 'tool.called' || e.type === 'tool.result').map((e) => [e.type, e.data]);
  const used = (await getUsageStats(h.db, seeded.user.id)).dailyMessages.used;
  return { seeded, events, requests, tools, end: events.at(-1)!, used };
}

describe('a model that uses tools', () => {
  it('reads a file, runs the checks, sees a failing check, fixes it in the protocol and finishes within its step bound', async () => {
    const r = await run([
      { text: 'Let me look at the app first.', toolCalls: [{ name: 'read_file', input: { path: 'client/src/App.tsx' } }] },
      { toolCalls: [{ name: 'run_checks', input: {} }] },
      { text: `The check wants "Done". Fixing it.\n\n${write(TODO('Done'))}`, toolCalls: [{ name: 'run_checks', input: {} }] },
      { text: 'Tasks now show Done.\n\n<sprout-summary>Show done tasks</sprout-summary>\n' },
    ]);
    expect(r.requests).toHaveLength(4);
    // Every request offers the seven tools; the model reads the files through them, never edits with them.
    const offered = (r.requests[0]!.body.tools as { function: { name: string } }[]).map((t) => t.function.name);
    expect(offered).toEqual(['read_file', 'search_files', 'list_files', 'run_checks', 'view_preview', 'query_data', 'ask_person']);
    expect(r.requests[1]!.toolResults[0]!.content).toContain('client/src/App.tsx (3 lines):\nexport default function App()');
    expect(r.requests[2]!.toolResults.at(-1)!.content).toContain('Behaviour checks: 0 of 1 pass');
    // The edit in the step's text was applied before its run_checks ran.
    expect(r.requests[3]!.toolResults.at(-1)!.content).toContain('Behaviour checks: 1 of 1 pass');
    expect(r.tools).toEqual([
      ['tool.called', { name: 'read_file', input: { path: 'client/src/App.tsx' }, summary: 'Reading client/src/App.tsx' }],
      ['tool.result', { name: 'read_file', input: { path: 'client/src/App.tsx' }, summary: 'Read client/src/App.tsx (3 lines)' }],
      ['tool.called', { name: 'run_checks', input: {}, summary: 'Running the checks' }],
      ['tool.result', { name: 'run_checks', input: {}, summary: 'Checks: build ok, 1 behaviour check failed' }],
      ['tool.called', { name: 'run_checks', input: {}, summary: 'Running the checks' }],
      ['tool.result', { name: 'run_checks', input: {}, summary: 'Checks: build ok, 1 behaviour check passes' }],
    ]);
    // A tool's look at the candidate is not shown as one; the run's own check is.
    expect(r.events.filter((e) => e.type === 'preview.candidate')).toHaveLength(1);
    expect(r.end).toMatchObject({ type: 'run.finished', data: { summary: 'Show done tasks', remainingIssues: 0 } });
    const prose = r.events.flatMap((e) => (e.type === 'text.delta' ? [e.data.text] : [])).join('');
    expect(prose).toContain('Let me look at the app first.\nThe check wants');
    expect(r.used).toBe(1);
  });

  it('is stopped by its step bound when it never finishes: its last step may not call tools, and a run that changed nothing is given back', async () => {
    const again = (path: string): FakeReply => ({ toolCalls: [{ name: 'read_file', input: { path } }] });
    const r = await run([again('client/src/App.tsx'), again('checks/done.json'), again('client/src/main.tsx')], { steps: 3 });
    expect(r.requests).toHaveLength(3);
    expect(r.requests.map((q) => q.body.tool_choice)).toEqual(['auto', 'auto', 'none']);
    expect(r.end).toMatchObject({ type: 'run.failed', data: { code: 'tool_limit', refunded: true } });
    expect((r.end.data as { message: string }).message).toBe(
      'I used the 3 tool steps one reply may take on your plan without changing anything, so I stopped.',
    );
    expect(r.used).toBe(0);
  });

  it('is stopped when it goes round in circles, says so, and is not charged', async () => {
    const same: FakeReply = { toolCalls: [{ name: 'read_file', input: { path: 'client/src/App.tsx' } }] };
    const r = await run([same, same, same], { steps: 10 });
    expect(r.requests).toHaveLength(3);
    expect(r.tools.at(-1)).toEqual([
      'tool.result',
      { name: 'read_file', input: { path: 'client/src/App.tsx' }, summary: 'Stopped: read_file called again with the same input' },
    ]);
    expect(r.end).toMatchObject({ type: 'run.failed', data: { code: 'tool_loop', refunded: true } });
    expect((r.end.data as { message: string }).message).toMatch(/^I was going round in circles \(I called read_file with the same input 3 times/);
    expect(r.used).toBe(0);
  });

  it('counts steps that learn nothing new and change nothing as a loop', async () => {
    const folders = ['nope', 'nope/', './nope', '/nope', 'nope//'];
    const r = await run(
      folders.map((folder) => ({ toolCalls: [{ name: 'list_files', input: { folder } }] })),
      { steps: 10 },
    );
    expect(r.requests).toHaveLength(5);
    expect(r.end).toMatchObject({ type: 'run.failed', data: { code: 'tool_loop', refunded: true } });
    expect((r.end.data as { message: string }).message).toContain('4 steps in a row told me nothing new and changed nothing');
  });

  it('ends the run with the question ask_person asks, changing nothing, not charged', async () => {
    const r = await run([
      {
        text: `Starting on it.\n\n${write(TODO('Half done'))}`,
        toolCalls: [{ name: 'ask_person', input: { question: 'Should done tasks be hidden or crossed out?', options: ['Hidden', 'Crossed out'] } }],
      },
    ]);
    expect(r.requests).toHaveLength(1);
    const question = 'Should done tasks be hidden or crossed out?\n\n- Hidden\n- Crossed out';
    expect(r.end).toMatchObject({ type: 'run.finished', data: { versionId: null, refunded: true } });
    expect(r.tools.at(-1)).toEqual([
      'tool.result',
      expect.objectContaining({ name: 'ask_person', summary: 'Asked: Should done tasks be hidden or crossed out?' }),
    ]);
    const chat = await listMessages(h.db, r.seeded.sprout.id);
    expect(chat.find((m) => m.runId === r.seeded.run.id)!.content).toBe(`Starting on it.\n\n${question}`);
    expect(await getRun(h.db, r.seeded.run.id)).toMatchObject({ status: 'succeeded', resultVersionId: null });
    expect(r.used).toBe(0);
  });

  it('reads the project’s test data only, and refuses paths outside the project', async () => {
    const other = await seedRun(h.db);
    const quota = { documents: 100, storageBytes: 1_000_000 };
    const put = (sproutId: string, dataset: 'test' | 'live', title: string) =>
      insertAppDocument(h.db, { sproutId, dataset }, { collection: 'tasks', data: { title }, createdBy: 'v1', unique: [], quota });
    const r = await run(
      [
        {
          toolCalls: [
            { name: 'query_data', input: { collection: 'tasks', limit: 50 } },
            { name: 'read_file', input: { path: '../../etc/passwd' } },
          ],
        },
        { text: 'There is one task in the test data.' },
      ],
      {
        before: async (sproutId) => {
          await put(sproutId, 'test', 'test task');
          await put(sproutId, 'live', 'live task');
          await put(other.sprout.id, 'test', 'other task');
        },
      },
    );
    const results = r.requests[1]!.toolResults.map((t) => t.content);
    expect(results[0]).toContain('"title":"test task"');
    expect(results.join('\n')).not.toMatch(/live task|other task/);
    expect(results[1]).toBe('Refused: "../../etc/passwd" is outside the project. Paths are relative to the project root, like client/src/App.tsx.');
    // The two calls of one step run side by side: their results arrive as each ends.
    expect(
      r.tools
        .filter((t) => t[0] === 'tool.result')
        .map((t) => (t[1] as { summary: string }).summary)
        .sort(),
    ).toEqual(['Read 1 document of tasks (test data)', 'Refused to read ../../etc/passwd: outside the project']);
  });

  it('in Anthropic’s dialect too: a model that sees images is shown the preview’s screenshot', async () => {
    const r = await run(
      [{ text: 'Let me see the app.', toolCalls: [{ name: 'view_preview', input: {} }] }, { text: 'It shows the task list; nothing to change.' }],
      { anthropic: true },
    );
    expect(r.requests).toHaveLength(2);
    expect((r.requests[0]!.body.tools as { name: string }[]).map((t) => t.name)).toContain('view_preview');
    const [result] = r.requests[1]!.toolResults;
    expect(result!.content).toContain('Opened the app in the server’s browser: no errors.\nConsole (1):\n[log] ready');
    expect(result!.content).toContain('[image]');
    expect(r.tools.at(-1)).toEqual(['tool.result', { name: 'view_preview', input: {}, summary: 'Viewed the preview: no errors, 1 console message' }]);
    expect(r.end).toMatchObject({ type: 'run.finished', data: { versionId: null } });
  });

  it('a model without tool support is sent no tools and answers as always', async () => {
    const r = await run([{ text: `Done.\n\n${write(TODO('Done'))}` }], { tools: false });
    expect(r.requests).toHaveLength(1);
    expect(r.requests[0]!.body.tools).toBeUndefined();
    expect(r.tools).toEqual([]);
    expect(r.end).toMatchObject({ type: 'run.finished' });
  });
});
