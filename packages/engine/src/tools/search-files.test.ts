import { describe, expect, it } from 'vitest';
import { toolContext } from './context.testing';
import { SEARCH_MAX_MATCHES, searchFiles } from './search-files';

const files = {
  'client/src/App.tsx': "import { useState } from 'react';\nexport default function App() {\n  const [n, setN] = useState(0);\n}\n",
  'client/src/components/Counter.tsx': "import { useState } from 'react';\n",
  'functions/hello.ts': 'export default () => "useState is not here";\n',
};

describe('search_files', () => {
  it('finds a plain string, with paths and line numbers', async () => {
    const { ctx } = toolContext(files);
    const out = await searchFiles.run({ query: 'useState(' }, ctx);
    expect(out).toEqual({ text: 'client/src/App.tsx:3: const [n, setN] = useState(0);', summary: 'Searched for "useState(": 1 match in 1 file' });
  });

  it('takes a safe regular expression, ignores case when asked, and keeps to a folder', async () => {
    const { ctx } = toolContext(files);
    expect((await searchFiles.run({ query: '^import \\{ \\w+ \\}', regex: true, folder: 'client/src/components' }, ctx)).text).toBe(
      "client/src/components/Counter.tsx:1: import { useState } from 'react';",
    );
    expect((await searchFiles.run({ query: 'USESTATE IS', ignoreCase: true }, ctx)).summary).toBe('Searched for "USESTATE IS": 1 match in 1 file');
    expect((await searchFiles.run({ query: 'nothing like it' }, ctx)).text).toBe('No matches for "nothing like it".');
  });

  it('refuses a pattern that could take very long, and a folder outside the project', async () => {
    const { ctx } = toolContext(files);
    const risky = await searchFiles.run({ query: '(a+)+$', regex: true }, ctx);
    expect(risky.text).toMatch(/^Refused the pattern: A repeated group may not repeat inside/);
    expect(risky.summary).toBe('Refused the pattern "(a+)+$"');
    expect((await searchFiles.run({ query: 'x', folder: '../other' }, ctx)).summary).toBe('Refused to search ../other: outside the project');
  });

  it('caps the matches it returns', async () => {
    const many = Array.from({ length: 100 }, () => 'hit').join('\n');
    const { ctx } = toolContext({ 'client/src/a.ts': many });
    const out = await searchFiles.run({ query: 'hit' }, ctx);
    expect(out.text.split('\n')).toHaveLength(SEARCH_MAX_MATCHES + 1);
    expect(out.text.endsWith('… and 40 more matches: search for something narrower.')).toBe(true);
    expect(out.summary).toBe('Searched for "hit": 100 matches in 1 file');
  });
});
