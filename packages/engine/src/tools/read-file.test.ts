import { describe, expect, it } from 'vitest';
import { toolContext } from './context.testing';
import { READ_MAX_LINES, readFile } from './read-file';

const APP = 'export default function App() {\n  return <h1>Hi</h1>;\n}\n';

describe('read_file', () => {
  it('reads a file of the working copy, written as the protocol writes paths', async () => {
    const { ctx } = toolContext({ 'client/src/App.tsx': APP });
    const out = await readFile.run({ path: 'src/App.tsx' }, ctx);
    expect(out).toEqual({ text: `client/src/App.tsx (3 lines):\n${APP.trimEnd()}`, summary: 'Read client/src/App.tsx (3 lines)' });
    expect(readFile.calling({ path: 'client/src/App.tsx' })).toBe('Reading client/src/App.tsx');
  });

  it('refuses paths outside the project with a clear message', async () => {
    const { ctx } = toolContext({ 'client/src/App.tsx': APP });
    for (const path of ['../../etc/passwd', 'client/../../x', '~/.ssh/id_rsa', 'C:\\Windows\\win.ini', '//host/share', 'client/src/\u0000App.tsx']) {
      const out = await readFile.run({ path }, ctx);
      expect(out.text).toBe(`Refused: ${JSON.stringify(path)} is outside the project. Paths are relative to the project root, like client/src/App.tsx.`);
      expect(out.summary).toMatch(/^Refused to read .*: outside the project$/);
    }
  });

  it('says when a file is not there, naming files like it', async () => {
    const { ctx } = toolContext({ 'client/src/App.tsx': APP, 'client/src/pages/Home.tsx': APP });
    expect((await readFile.run({ path: 'client/src/Home.tsx' }, ctx)).text).toBe(
      'There is no file client/src/Home.tsx in the project. Files with a similar name or place: client/src/pages/Home.tsx, client/src/App.tsx.',
    );
    expect((await readFile.run({ path: 'nowhere.md' }, ctx)).summary).toBe('No file nowhere.md');
  });

  it('returns a long file in parts, read on from a line', async () => {
    const long = Array.from({ length: 900 }, (_, i) => `// line ${i + 1}`).join('\n');
    const { ctx } = toolContext({ 'client/src/long.ts': long });
    const first = await readFile.run({ path: 'client/src/long.ts' }, ctx);
    expect(first.summary).toBe(`Read client/src/long.ts (lines 1–${READ_MAX_LINES} of 900)`);
    expect(
      first.text.endsWith(`// line ${READ_MAX_LINES}\n… (lines ${READ_MAX_LINES + 1}–900 not shown: read again with startLine ${READ_MAX_LINES + 1})`),
    ).toBe(true);
    const last = await readFile.run({ path: 'client/src/long.ts', startLine: 801 }, ctx);
    expect(last.summary).toBe('Read client/src/long.ts (lines 801–900 of 900)');
    expect((await readFile.run({ path: 'client/src/long.ts', startLine: 901 }, ctx)).text).toBe('client/src/long.ts has 900 lines: there is no line 901.');
  });

  it('caps a file of very long lines by size, whole lines only', async () => {
    const wide = Array.from({ length: 100 }, (_, i) => `${i}:${'x'.repeat(1000)}`).join('\n');
    const { ctx } = toolContext({ 'client/src/wide.ts': wide });
    const out = await readFile.run({ path: 'client/src/wide.ts' }, ctx);
    expect(out.text.length).toBeLessThan(26_000);
    expect(out.summary).toMatch(/^Read client\/src\/wide\.ts \(lines 1–23 of 100\)$/);
  });
});
