import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCitations } from './self-contained/citations';
import { readText, repoTree } from './self-contained/repo-files';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// The words this test looks for, spelled in pieces so that this file does not cite anything itself.
const SPEC_WORD = 'S' + 'PEC';
const DESIGN_WORD = 'D' + 'ESIGN';
const ISSUE = 'iss' + 'ue';
const CAPITAL_ISSUE = 'Iss' + 'ue';
const SHARED = '..' + '/shared';

// A made-up repository whose one folder named shared is the offline builder's.
const FOLDERS = new Set(['packages/offline/src/source/shared']);
const cited = (file: string, text: string, isFolder = (p: string) => FOLDERS.has(p)) =>
  findCitations(file, text, isFolder).map((c) => `${c.file}:${c.line} ${c.text}`);

describe('the repository', () => {
  it('cites nothing outside itself: no specification or design notes kept elsewhere, no issue numbers', () => {
    const { files } = repoTree(ROOT);
    const folders = new Set(
      files.flatMap((f) =>
        f
          .split('/')
          .slice(0, -1)
          .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
      ),
    );
    // The check read the tree, not an empty list.
    expect(files.length).toBeGreaterThan(500);
    const found = files.flatMap((f) => {
      const text = readText(ROOT, f);
      return text === null ? [] : cited(f, text, (p) => folders.has(p));
    });
    expect(found).toEqual([]);
  });
});

describe('a citation', () => {
  it('is the notes by name, with or without a section', () => {
    const text = [
      `// The rule of ${SPEC_WORD} §8.`,
      ` * ${DESIGN_WORD}'s folder table`,
      `<!-- see ${DESIGN_WORD}.md -->`,
      `# ${SPEC_WORD.toLowerCase()} §2 says`,
    ].join('\n');
    expect(cited('a.ts', text)).toEqual([`a.ts:1 ${SPEC_WORD}`, `a.ts:2 ${DESIGN_WORD}`, `a.ts:3 ${DESIGN_WORD}.md`, `a.ts:4 ${SPEC_WORD.toLowerCase()} §2`]);
  });

  it('is an issue by its number', () => {
    const text = [`// (${ISSUE} 9)`, `// ${CAPITAL_ISSUE} 15 §3: a run`, `// ${ISSUE}s 15, 16`, `// ${ISSUE} #3`].join('\n');
    expect(cited('a.ts', text)).toEqual([`a.ts:1 ${ISSUE} 9`, `a.ts:2 ${CAPITAL_ISSUE} 15`, `a.ts:3 ${ISSUE}s 15`, `a.ts:4 ${ISSUE} #3`]);
  });

  it('is a path to the shared folder beside the repository, not a folder of ours', () => {
    expect(cited('README.md', `(see \`${SHARED}/notes.md\`)`)).toEqual([`README.md:1 ${SHARED}`]);
    // A script in a folder that names the folder beside the repository from the root.
    expect(cited('.ci/run', `# runs with ${SHARED} beside it`)).toEqual([`.ci/run:1 ${SHARED}`]);
    expect(cited('packages/offline/src/source/game/a.ts', `import { x } from '${SHARED}/b';`)).toEqual([]);
  });

  it('is not a word that merely contains the names, nor a public standard by section', () => {
    const text = [
      `const ${DESIGN_WORD}ER_COLOURS = {};`,
      `const ${SPEC_WORD}IFIER = /x/;`,
      '// The wire format (WHATWG HTML §9.2).',
      `// an ${ISSUE} with the network`,
    ].join('\n');
    expect(cited('a.ts', text)).toEqual([]);
  });
});
