import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSuite, parseCase, parseCaseText } from './suite';

const header = (extra: Record<string, unknown> = {}) => JSON.stringify({ title: 'T', prompt: 'make a todo app', ...extra });

describe('parseCaseText', () => {
  it('splits the header from the replies and reads their attributes and notes', () => {
    const text = `${header()}\n=== reply ===\nHello\n\n=== reply turn=2 finish=length # cut inside App.tsx ===\n<sprout-write path="a.ts">\nconst a\n=== reply turn=2 status=429 ===\nslow down\n`;
    const { header: h, replies } = parseCaseText(text, 'c');
    expect(h).toEqual({ title: 'T', prompt: 'make a todo app' });
    expect(replies).toEqual([
      { turn: 1, text: 'Hello\n' },
      { turn: 2, text: '<sprout-write path="a.ts">\nconst a', finish: 'length', note: 'cut inside App.tsx' },
      { turn: 2, text: 'slow down\n', status: 429 },
    ]);
  });

  it('reads the tool calls recorded after a reply, in order, with their JSON input', () => {
    const text = `${header({ tools: true })}\n=== reply ===\nLet me read the app.\n=== call read_file # the app first ===\n{ "path": "client/src/App.tsx" }\n=== reply ===\n=== call search_files ===\n{ "query": "useState" }\n\n=== call run_checks ===\n=== reply ===\nDone.\n`;
    const { replies } = parseCaseText(text, 'c');
    expect(replies).toEqual([
      { turn: 1, text: 'Let me read the app.\n', toolCalls: [{ name: 'read_file', input: { path: 'client/src/App.tsx' } }] },
      {
        turn: 1,
        text: '',
        toolCalls: [
          { name: 'search_files', input: { query: 'useState' } },
          { name: 'run_checks', input: {} },
        ],
      },
      { turn: 1, text: 'Done.\n' },
    ]);
  });

  it('keeps a cut-off reply exactly as it ends, blank lines and all', () => {
    const { replies } = parseCaseText(`${header()}\n=== reply finish=length ===\nline one\n\n=== reply ===\nrest\n`, 'c');
    expect(replies[0]!.text).toBe('line one\n');
  });

  it('reads CRLF files like LF files', () => {
    const { replies } = parseCaseText(`${header()}\r\n=== reply ===\r\nHi\r\n`, 'c');
    expect(replies).toEqual([{ turn: 1, text: 'Hi\n' }]);
  });

  it.each([
    ['no separator', `${header()}\n`, /c: no "=== reply ===" line/],
    ['a header that is not JSON', '{ title: T }\n=== reply ===\nx\n', /c: the header is not JSON/],
    ['an unknown attribute', `${header()}\n=== reply delay=5 ===\nx\n`, /unknown reply attribute "delay"/],
    ['a finish other than length', `${header()}\n=== reply finish=stop ===\nx\n`, /finish must be "length"/],
    ['a turn that is not a number', `${header()}\n=== reply turn=two ===\nx\n`, /turn must be a number from 1/],
    ['an attribute without a value', `${header()}\n=== reply turn ===\nx\n`, /"turn" is not key=value/],
    ['a call whose input is not JSON', `${header()}\n=== reply ===\nx\n=== call read_file ===\npath: a\n`, /c: the input of a read_file call is not JSON/],
    ['a call whose input is a list', `${header()}\n=== reply ===\nx\n=== call read_file ===\n["a"]\n`, /not a JSON object/],
    ['a call after an error reply', `${header()}\n=== reply status=500 ===\nx\n=== call run_checks ===\n`, /a run_checks call after a reply that is an error/],
    ['a call after a cut-off reply', `${header()}\n=== reply finish=length ===\nx\n=== call run_checks ===\n`, /after a reply that was cut off/],
  ])('refuses %s', (_, text, message) => {
    expect(() => parseCaseText(text, 'c')).toThrow(message);
  });
});

describe('parseCase', () => {
  it('makes one turn per prompt and follow-up, each with its replies and expectation', () => {
    const text = `${header({
      followUps: ['add a dark mode', { prompt: 'publish-ready please', expect: { ending: 'failed:attempt_failed', fixRounds: 2 } }],
      expect: { ending: 'finished', fixRounds: 1, files: [{ path: 'client/src/App.tsx', contains: 'useState' }] },
    })}\n=== reply ===\nA\n=== reply ===\nB\n=== reply turn=2 ===\nC\n=== reply turn=3 ===\nD\n`;
    const c = parseCase('/x/todo-case.txt', text);
    expect(c.name).toBe('todo-case');
    expect(c.header.defect).toBe('none');
    expect(c.header.needs).toEqual([]);
    expect(c.turns.map((t) => [t.prompt, t.expect.ending, t.expect.fixRounds, t.replies.map((r) => r.text)])).toEqual([
      ['make a todo app', 'finished', 1, ['A\n', 'B\n']],
      ['add a dark mode', 'finished', undefined, ['C\n']],
      ['publish-ready please', 'failed:attempt_failed', 2, ['D\n']],
    ]);
    // Without a real-model expectation every turn is expected to finish.
    expect(c.turns.map((t) => t.withModel.ending)).toEqual(['finished', 'finished', 'finished']);
  });

  it('reads a header-only .json case (the offline suite) with no replies', () => {
    const c = parseCase('/x/a.json', header({ expectChecks: 'all' }));
    expect(c.turns).toHaveLength(1);
    expect(c.turns[0]!.replies).toEqual([]);
    expect(c.header.expectChecks).toBe('all');
  });

  it('reads plan turns and approve turns: the plan turn each approve builds, answers by index or text', () => {
    const c = parseCase(
      '/x/plans.json',
      header({
        mode: 'plan',
        expect: { plan: { questions: { max: 3 }, dataFields: ['Sets'], instead: true, summaryContains: ['band'] } },
        followUps: [
          { approve: { answers: { instead: 0, sharing: 'Only me' }, notes: 'add a timer' }, expect: { charged: 1, files: [{ path: 'a', contains: 'b' }] } },
          'add a notes field',
          { prompt: 'also track rest time', mode: 'plan' },
          { approve: {} },
        ],
      }),
    );
    expect(c.turns.map((t) => [t.kind, t.prompt, t.approve?.planTurn])).toEqual([
      ['plan', 'make a todo app', undefined],
      ['approve', 'Build the plan of turn 1', 0],
      ['build', 'add a notes field', undefined],
      ['plan', 'also track rest time', undefined],
      ['approve', 'Build the plan of turn 4', 3],
    ]);
    expect(c.turns[0]!.expect.plan).toEqual({ questions: { max: 3 }, dataFields: ['Sets'], instead: true, summaryContains: ['band'] });
    expect(c.turns[1]!.approve).toEqual({ answers: { instead: 0, sharing: 'Only me' }, notes: 'add a timer', planTurn: 0 });
    expect(c.turns[1]!.expect).toMatchObject({ ending: 'finished', charged: 1 });
    expect(c.turns[4]!.approve).toEqual({ answers: {}, planTurn: 3 });
    // A turn without a mode is a build, as before.
    expect(parseCase('/x/a.json', header()).turns[0]!.kind).toBe('build');
  });

  it.each([
    ['an approve with no plan turn before it', header({ followUps: [{ approve: {} }] }), /c: turn 2 approves a plan, but no turn before it is a plan turn/],
    ['a plan expectation on a build turn', header({ expect: { plan: { instead: true } } }), /c: turn 1 expects a plan, but it is not a plan turn/],
    ['a follow-up with both a prompt and approve', header({ mode: 'plan', followUps: [{ prompt: 'x', approve: {} }] }), /c: followUps\.0/],
    ['a follow-up with neither', header({ mode: 'plan', followUps: [{ expect: {} }] }), /c: followUps\.0/],
    ['an unknown mode', header({ mode: 'ask' }), /c: mode/],
    ['an unknown plan expectation', header({ mode: 'plan', expect: { plan: { fields: ['Sets'] } } }), /c: expect\.plan/],
    ['an answer that is neither an index nor a text', header({ mode: 'plan', followUps: [{ approve: { answers: { instead: -1 } } }] }), /c: followUps\.0/],
  ])('refuses %s', (_, text, message) => {
    expect(() => parseCase('/x/c.json', text)).toThrow(message);
  });

  it.each([
    ['a reply for a turn the case does not have', `${header()}\n=== reply turn=2 ===\nx\n`, /a reply for turn 2, but the case has 1 turn/],
    ['an ending that is not one', `${header({ expect: { ending: 'crashed' } })}\n=== reply ===\nx\n`, /c: expect\.ending: finished, stopped or failed:<code>/],
    ['more fix rounds than a run may take', `${header({ expect: { fixRounds: 3 } })}\n=== reply ===\nx\n`, /expect\.fixRounds/],
    ['an unknown header field', `${header({ expected: {} })}\n=== reply ===\nx\n`, /c: header: Unrecognized key/i],
    ['an unknown need', `${header({ needs: ['network'] })}\n=== reply ===\nx\n`, /needs\.0/],
    [
      'tool calls in a case that does not say it uses tools',
      `${header()}\n=== reply ===\nx\n=== call run_checks ===\n`,
      /calls run_checks, but the header does not say "tools": true/,
    ],
    [
      'tool calls in a plan turn',
      `${header({ tools: true, mode: 'plan' })}\n=== reply ===\nx\n=== call run_checks ===\n`,
      /a reply of turn 1 calls tools, but only a message's run has tools/,
    ],
    ['a file expectation with an unknown field', `${header({ expect: { files: [{ path: 'a', has: 'b' }] } })}\n=== reply ===\nx\n`, /expect\.files\.0/],
  ])('refuses %s, naming the case', (_, text, message) => {
    expect(() => parseCase('/x/c.txt', text)).toThrow(message);
  });
});

describe('loadSuite', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const suiteDir = (files: Record<string, string>) => {
    dir = mkdtempSync(path.join(tmpdir(), 'eval-suite-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    return dir;
  };

  it('reads the cases in name order, ignoring other files', () => {
    const d = suiteDir({
      'suite.json': JSON.stringify({ name: 's', model: 'replay', short: ['b'] }),
      'b.txt': `${header()}\n=== reply ===\nx\n`,
      'a.json': header(),
      'README.md': '# notes',
    });
    const s = loadSuite(d);
    expect(s.cases.map((c) => c.name)).toEqual(['a', 'b']);
    expect(s.short).toEqual(['b']);
  });

  it('refuses a short subset naming a case that does not exist', () => {
    const d = suiteDir({ 'suite.json': JSON.stringify({ name: 's', model: 'replay', short: ['gone'] }), 'a.json': header() });
    expect(() => loadSuite(d)).toThrow(/the short subset names "gone", which is not a case/);
  });
});

describe("the repository's replay suite", () => {
  const suite = loadSuite(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../replay'));

  it('has at least 40 cases, each with a recorded reply for every turn', () => {
    expect(suite.cases.length).toBeGreaterThanOrEqual(40);
    const silent = suite.cases.flatMap((c) => c.turns.flatMap((t, i) => (t.replies.length ? [] : [`${c.name} turn ${i + 1}`])));
    expect(silent).toEqual([]);
  });

  it('records enough replies for the fix rounds each turn expects', () => {
    const short = suite.cases.flatMap((c) => c.turns.flatMap((t, i) => ((t.expect.fixRounds ?? 0) + 1 > t.replies.length ? [`${c.name} turn ${i + 1}`] : [])));
    expect(short).toEqual([]);
  });

  it('has a short subset of eight to eighteen cases that covers every ending the suite expects', () => {
    expect(suite.short.length).toBeGreaterThanOrEqual(8);
    expect(suite.short.length).toBeLessThanOrEqual(18);
    const endings = (names: readonly string[]) =>
      new Set(suite.cases.filter((c) => names.includes(c.name)).flatMap((c) => c.turns.map((t) => t.expect.ending.replace(/:provider_\w+$/, ':provider'))));
    expect([...endings(suite.short)].sort()).toEqual([...endings(suite.cases.map((c) => c.name))].sort());
  });

  it('runs a plan case with an approved build and a case whose model uses tools in its short subset', () => {
    const short = suite.cases.filter((c) => suite.short.includes(c.name));
    expect(short.some((c) => c.turns.some((t) => t.kind === 'approve'))).toBe(true);
    expect(short.some((c) => c.turns.some((t) => t.replies.some((r) => r.toolCalls?.length)))).toBe(true);
  });
});

describe("the repository's offline suite", () => {
  const suite = loadSuite(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../offline'));

  it('runs a plan case with an approved build in its short subset', () => {
    const short = suite.cases.filter((c) => suite.short.includes(c.name));
    expect(short.some((c) => c.turns.some((t) => t.kind === 'plan') && c.turns.some((t) => t.kind === 'approve'))).toBe(true);
  });
});
