// Fuzzing the edit protocol: at least 10,000 generated model answers (random bytes, truncated and
// nested tags, unbalanced blocks, huge attributes, unicode, hostile paths, CRLF), each split at
// random points, go through the incremental EditParser and then applyEdits (and the run's
// WorkingCopy, which normalises paths first). Nothing may throw, nothing may land outside the
// project, and every outcome is either a valid file map or a clean, reported refusal.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FILE_LIMITS, validateProjectPath } from '@sprout/core';
import { applyEdits, EditParser, parseEdits, type EditAction as Action, type EditEvent } from '@sprout/engine';
import { WorkingCopy } from '@sprout/engine/protocol';
import { Tally } from '@sprout/testkit/vitest';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const tally = new Tally('edit-parser fuzz');

const BASE = new Map([
  ['client/src/App.tsx', "import { Button } from '@/components/ui/button';\n\nexport default function App() {\n  return <Button>Hi</Button>;\n}\n"],
  ['client/src/lib/utils.ts', 'export const cn = (...xs: string[]) => xs.join(" ");\n'],
  ['client/index.html', '<!doctype html><div id="root"></div>\n'],
]);

const HOSTILE_PATHS = [
  '../../etc/passwd',
  '../secret.ts',
  'client/../../x.ts',
  '/etc/passwd',
  '/client/src/App.tsx',
  'C:\\Windows\\system.ini',
  'C:/x.ts',
  '..\\..\\x.ts',
  'client\\src\\x.ts',
  '%2e%2e/%2e%2e/x.ts',
  '%2e%2e%2fx.ts',
  '..%2fx.ts',
  'client/src/\u0000x.ts',
  'client/src/x.ts\u0000.png',
  'node_modules/react/index.js',
  'client/node_modules/x.js',
  '.git/config',
  '.env',
  'client/.env',
  '~/x.ts',
  './x.ts',
  'client//x.ts',
  'client/src/x.exe',
  'client/src/x',
  `client/${'a'.repeat(300)}.ts`,
  `${'a/'.repeat(120)}x.ts`,
  'client/src/\u202Eevil.ts',
  'CON.ts',
  'client/src/x.ts ',
  'client/src/x.',
  'client/src/App.TSX',
  'client/src/App.tsx/..',
  '\\\\server\\share\\x.ts',
  'file:///etc/passwd',
];
const GOOD_PATHS = [
  'client/src/App.tsx',
  'src/App.tsx',
  'client/src/components/Card.tsx',
  'client/src/new.ts',
  'client/index.html',
  'App.tsx',
  'client/src/lib/utils.ts',
];

const anyPath = fc.oneof(
  fc.constantFrom(...HOSTILE_PATHS),
  fc.constantFrom(...GOOD_PATHS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);
const quote = fc.constantFrom('"', "'");
const body = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.lorem({ maxCount: 20 }),
  fc.constant('```tsx\nexport default () => null;\n```'),
);
const searchReplace = fc
  .tuple(fc.constantFrom('export default function App() {', 'return <Button>Hi</Button>;', 'nothing like this', ''), body)
  .map(([search, replace]) => `<<<<<<< SEARCH\n${search}\n=======\n${replace}\n>>>>>>> REPLACE`);

/** One piece of a model answer: well-formed blocks, broken ones and plain noise. */
const segment = fc.oneof(
  { weight: 3, arbitrary: fc.lorem({ maxCount: 12 }) },
  { weight: 2, arbitrary: fc.tuple(anyPath, quote, body).map(([p, q, b]) => `<sprout-write path=${q}${p}${q}>\n${b}\n</sprout-write>`) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(anyPath, quote, fc.array(searchReplace, { minLength: 1, maxLength: 3 }))
      .map(([p, q, bs]) => `<sprout-edit path=${q}${p}${q}>\n${bs.join('\n')}\n</sprout-edit>`),
  },
  { weight: 1, arbitrary: fc.tuple(anyPath, quote).map(([p, q]) => `<sprout-delete path=${q}${p}${q} />`) },
  { weight: 1, arbitrary: fc.tuple(anyPath, anyPath, quote).map(([a, b, q]) => `<sprout-rename from=${q}${a}${q} to=${q}${b}${q} />`) },
  { weight: 1, arbitrary: fc.lorem({ maxCount: 5 }).map((s) => `<sprout-summary>${s}</sprout-summary>`) },
  // Truncated tags, nested and unbalanced blocks, unknown tags, closing tags alone.
  { weight: 1, arbitrary: fc.tuple(anyPath, fc.nat(40)).map(([p, n]) => `<sprout-write path="${p}">`.slice(0, n)) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(anyPath, anyPath, body)
      .map(([a, b, x]) => `<sprout-write path="${a}">\n<sprout-write path="${b}">\n${x}\n</sprout-write>\n</sprout-write>`),
  },
  { weight: 1, arbitrary: fc.tuple(anyPath, body).map(([a, x]) => `<sprout-edit path="${a}">\n<<<<<<< SEARCH\n${x}\n=======\n`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '</sprout-write>',
      '</sprout-edit>',
      '<sprout-unknown x="1">',
      '< sprout-write path = "client/src/App.tsx" >',
      '<sprout-write>',
      '<sprout-write path=client/src/App.tsx>',
      '<sprout-write path="a" path="../b">',
      '<sprout-delete path="client/src/App.tsx">',
      '<sprout-rename from="client/src/App.tsx" />',
    ),
  },
  // Huge attributes and tags that never close their '>'.
  {
    weight: 1,
    arbitrary: fc.nat({ max: 3 }).map((k) => `<sprout-write path="${'a'.repeat(500 * 4 ** k)}.ts" data="${'x'.repeat(3000)}">\nx\n</sprout-write>`),
  },
  { weight: 1, arbitrary: fc.nat(3000).map((n) => `<sprout-write path="client/src/x.ts"\n${'  attr="v"\n'.repeat(n % 300)}`) },
  // Raw bytes and unicode (surrogates, bidi controls, emoji, NUL), CRLF line ends.
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString('latin1')) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
  { weight: 1, arbitrary: fc.constantFrom('\r\n', '\r', '\n\n', '\u0000', '\uD800', '\u202E', '👩‍💻', '\uFEFF') },
);

const answer = fc.tuple(fc.array(segment, { minLength: 1, maxLength: 12 }), fc.constantFrom('\n', '\r\n', '', ' ')).chain(([parts, sep]) => {
  const text = parts.join(sep);
  return fc.tuple(fc.constant(text), fc.uniqueArray(fc.nat(Math.max(text.length, 1)), { maxLength: 30 }));
});

function split(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.filter((c) => c > 0 && c < text.length))].sort((a, b) => a - b);
  const out: string[] = [];
  let at = 0;
  for (const p of points) {
    out.push(text.slice(at, p));
    at = p;
  }
  out.push(text.slice(at));
  return out;
}

function toActions(events: EditEvent[]): Action[] {
  const out: Action[] = [];
  for (const e of events) {
    if (e.type === 'file-end') out.push({ type: 'write', path: e.path, content: e.content });
    else if (e.type === 'edit') out.push({ type: 'edit', path: e.path, blocks: e.blocks });
    else if (e.type === 'delete') out.push({ type: 'delete', path: e.path });
    else if (e.type === 'rename') out.push({ type: 'rename', from: e.from, to: e.to });
  }
  return out;
}

/** What the answer means, independent of how it was chunked: prose, and the actions with their problems. */
function meaning(events: EditEvent[]) {
  return {
    text: events
      .filter((e) => e.type === 'text')
      .map((e) => (e as { text: string }).text)
      .join(''),
    rest: events.filter((e) => e.type !== 'text' && e.type !== 'file-delta' && e.type !== 'file-start'),
  };
}

const sandbox = mkdtempSync(path.join(tmpdir(), 'sprout-fuzz-'));
const projectRoot = path.join(sandbox, 'project');
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

function validFileMap(files: Map<string, string>): string | null {
  for (const [p, content] of files) {
    if (!validateProjectPath(p).ok) return `invalid path ${JSON.stringify(p).slice(0, 80)}`;
    const resolved = path.resolve(projectRoot, p);
    if (!resolved.startsWith(projectRoot + path.sep)) return `outside the project: ${JSON.stringify(p).slice(0, 80)}`;
    if (typeof content !== 'string' || Buffer.byteLength(content) > FILE_LIMITS.maxFileBytes) return `bad content for ${p}`;
  }
  return null;
}

describe('edit protocol fuzz', () => {
  it(`survives ${RUNS} generated answers split at random points: no exception, nothing outside the project`, () => {
    let streams = 0;
    let written = 0;
    let refusedActions = 0;
    let appliedActions = 0;
    let chunkDiffs = 0;
    const started = performance.now();
    fc.assert(
      fc.property(answer, ([text, cuts]) => {
        streams++;
        let events: EditEvent[];
        try {
          const parser = new EditParser();
          events = [];
          for (const chunk of split(text, cuts)) events.push(...parser.push(chunk));
          events.push(...parser.end());
        } catch (err) {
          return tally.check(false, `parser threw ${(err as Error).message} on ${JSON.stringify(text).slice(0, 120)}`);
        }
        // Chunking must not change what the answer means.
        const whole = meaning(parseEdits(text));
        const chunked = meaning(events);
        if (JSON.stringify(whole) !== JSON.stringify(chunked)) chunkDiffs++;
        const actions = toActions(events);
        let result;
        try {
          result = applyEdits(BASE, actions);
        } catch (err) {
          return tally.check(false, `applyEdits threw ${(err as Error).message}`);
        }
        const tooMany = result.problems.some((p) => p.kind === 'too-large' && p.path === '');
        const invalid = tooMany ? null : validFileMap(result.files);
        // A refusal is clean: it names its path and kind, and what it refused is not in the result.
        const unclean = result.problems.find((p) => !p.kind || typeof p.message !== 'string' || (p.kind === 'forbidden' && result.files.has(p.path)));
        refusedActions += result.problems.length;
        appliedActions += result.changes.length;
        // The run's own path: normalise, check, apply, action by action.
        const work = new WorkingCopy(BASE);
        let workError: string | null = null;
        try {
          for (const a of actions) work.apply(a);
          workError = validFileMap(work.files);
        } catch (err) {
          workError = `WorkingCopy threw ${(err as Error).message}`;
        }
        // Every 50th result is written to disk for real: nothing may appear beside the project.
        if (streams % 50 === 0 && !invalid) {
          for (const [p, content] of result.files) {
            const file = path.resolve(projectRoot, p);
            mkdirSync(path.dirname(file), { recursive: true });
            writeFileSync(file, content);
            written++;
          }
        }
        const ok = !invalid && !unclean && !workError;
        return tally.check(
          ok,
          `${invalid ?? ''}${unclean ? ` unclean problem ${JSON.stringify(unclean)}` : ''}${workError ?? ''} for ${JSON.stringify(text).slice(0, 160)}`,
        );
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20_260_508), endOnFailure: true },
    );
    expect(readdirSync(sandbox)).toEqual(written > 0 ? ['project'] : []);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    tally.note(
      `${streams} streams in ${seconds} s; ${appliedActions} actions applied, ${refusedActions} refused with a reason; ${written} files written to disk, all inside the project; ${chunkDiffs} streams whose meaning depended on chunking`,
    );
    expect(streams).toBeGreaterThanOrEqual(RUNS);
    expect(chunkDiffs, 'an answer means the same however it is split into chunks').toBe(0);
    tally.assertClean();
  });

  it('survives the extremes: megabyte attributes and lines, deep nesting, one character per chunk', () => {
    const cases: [string, string, number][] = [
      ['1 MB attribute', `<sprout-write path="client/src/x.ts" data="${'x'.repeat(1 << 20)}">\nx\n</sprout-write>\n`, 1 << 16],
      ['1 MB path', `<sprout-write path="${'a/'.repeat(1 << 19)}x.ts">\nx\n</sprout-write>\n`, 1 << 16],
      ['2 MB line of prose', 'a'.repeat(2 << 20), 1 << 16],
      ['2 MB file without newlines', `<sprout-write path="client/src/x.ts">\n${'b'.repeat(2 << 20)}`, 1 << 16],
      ['20,000 nested blocks', '<sprout-write path="client/src/x.ts">\n'.repeat(20_000), 4096],
      ['20,000 unclosed tags', '<sprout-write path="client/src/x.ts"\n'.repeat(20_000), 4096],
      [
        'one character per chunk',
        `Intro\r\n<sprout-write path='client/src/App.tsx'>\r\n${'export const x = 1;\r\n'.repeat(500)}</sprout-write>\r\n<sprout-delete path="../x.ts"/>`,
        1,
      ],
    ];
    for (const [name, text, size] of cases) {
      const started = performance.now();
      let error: unknown = null;
      let result: ReturnType<typeof applyEdits> | null = null;
      try {
        const parser = new EditParser();
        const events: EditEvent[] = [];
        for (let i = 0; i < text.length; i += size) events.push(...parser.push(text.slice(i, i + size)));
        events.push(...parser.end());
        result = applyEdits(BASE, toActions(events));
      } catch (err) {
        error = err;
      }
      const ms = performance.now() - started;
      const invalid = result ? validFileMap(result.files) : 'no result';
      tally.check(error === null && invalid === null, `${name}: ${error ? (error as Error).message : (invalid ?? '')} in ${ms.toFixed(0)} ms`);
      tally.note(`${name}: ${(text.length / 1024).toFixed(0)} KB in ${ms.toFixed(0)} ms`);
    }
    tally.assertClean();
  });
});
