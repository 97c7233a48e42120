import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkDocPaths, type RepoTree } from './self-contained/doc-paths';
import { readMarkdown } from './self-contained/markdown';
import { docLinksInCode } from './self-contained/doc-links';
import { isCheckedDoc, readText, repoTree } from './self-contained/repo-files';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A made-up repository: its files, and the paths git ignores (by prefix). */
function tree(files: string[], ignored: string[] = []): RepoTree {
  return { files, isIgnored: (p) => ignored.some((i) => p === i || p.startsWith(`${i}/`)) };
}
const problems = (t: RepoTree, docs: Record<string, string>) =>
  checkDocPaths(
    t,
    Object.entries(docs).map(([p, text]) => ({ path: p, text })),
  ).map((p) => `${p.doc}:${p.line} ${p.named}: ${p.message}`);

describe('the repository', () => {
  const repo = repoTree(ROOT);
  const docs = repo.files.filter(isCheckedDoc).map((p) => ({ path: p, text: readText(ROOT, p) ?? '' }));

  it('names in its READMEs and docs only files that exist, and links nowhere outside itself', () => {
    // The check read the documents, not an empty list.
    expect(docs.map((d) => d.path)).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', 'packages/engine/README.md']));
    const found = checkDocPaths(repo, docs).map((p) => `${p.doc}:${p.line} ${p.named}: ${p.message}`);
    expect(found).toEqual([]);
  });

  it('points from code only to docs and headings that exist', () => {
    const anchors = new Map(docs.map((d) => [d.path, readMarkdown(d.text).anchors]));
    const found = repo.files
      .filter((f) => /\.(ts|tsx|mts|mjs|js|cjs|css|sql)$/.test(f))
      .flatMap((f) => docLinksInCode(f, readText(ROOT, f) ?? '', anchors))
      .map((p) => `${p.file}:${p.line} ${p.named}: ${p.message}`);
    expect(found).toEqual([]);
  });
});

describe('a document', () => {
  const files = [
    'README.md',
    'docs/deploy.md',
    'apps/api/src/app.ts',
    'apps/api/src/chat/routes.ts',
    'packages/engine/README.md',
    'packages/engine/src/run/fix-loop.ts',
    'packages/engine/src/run/commit-run.ts',
    'packages/engine/src/checks/lint.ts',
    'packages/template/files/client/src/App.tsx',
    'packages/template/files/package.json',
  ];

  it('names paths from the root, beside itself, from its src/, and in the starter project', () => {
    const docs = {
      'README.md': '`apps/api/src/app.ts`, `apps/api` and `docs/` and `docs/deploy.md`',
      'packages/engine/README.md': '`run/fix-loop.ts`, `checks/` and `README.md`; a project has `client/src/App.tsx`',
    };
    expect(problems(tree(files), docs)).toEqual([]);
  });

  it('names a file by a shorter path after naming a path it is beside', () => {
    const docs = {
      'README.md': [
        '1. `packages/engine/src/run/fix-loop.ts` then `commit-run.ts` and `checks/lint.ts`.',
        '2. `apps/api/src/chat/routes.ts`; back in the engine, `run/commit-run.ts`.',
      ].join('\n'),
    };
    expect(problems(tree(files), docs)).toEqual([]);
    expect(problems(tree(files), { 'README.md': '`commit-run.ts` before anything names its folder' })).toEqual([
      'README.md:1 commit-run.ts: names a path that does not exist (looked for from the repository root, beside the document, in its src/, beside the paths it named before and in the starter project)',
    ]);
  });

  it('fails naming the document, the line and a path that does not exist', () => {
    const docs = { 'packages/engine/README.md': 'Intro.\n\nThe fixers: `fixers/apply-fixers.ts`, `run/gone.ts`; see [deploying](../../docs/gone.md).' };
    expect(problems(tree(files), docs)).toEqual([
      'packages/engine/README.md:3 fixers/apply-fixers.ts: names a path that does not exist (looked for from the repository root, beside the document, in its src/, beside the paths it named before and in the starter project)',
      'packages/engine/README.md:3 run/gone.ts: names a path that does not exist (looked for from the repository root, beside the document, in its src/, beside the paths it named before and in the starter project)',
      'packages/engine/README.md:3 ../../docs/gone.md: links to docs/gone.md, which does not exist',
    ]);
  });

  it('fails on a link or a relative path that leaves the repository', () => {
    const docs = { 'README.md': 'See [the notes](../notes/design.md), `../notes/design.md` or [this](file:///etc/hosts).' };
    expect(problems(tree(files), docs)).toEqual([
      'README.md:1 ../notes/design.md: links outside the repository',
      'README.md:1 ../notes/design.md: names a path outside the repository',
      'README.md:1 file:///etc/hosts: links outside the repository',
    ]);
  });

  it('fails on a link to a heading the target does not have', () => {
    const docs = {
      'README.md': '# Sprout\n\n## Running Sprout: staff, flags\n\n[a](#running-sprout-staff-flags) [b](docs/deploy.md#observing-it) [c](#nowhere)',
      'docs/deploy.md': '# Deploying\n\n## Observing it\n',
    };
    expect(problems(tree(files), docs)).toEqual(['README.md:5 #nowhere: links to a heading README.md does not have (#nowhere)']);
  });

  it('does not take patterns, examples, names, routes and URLs for paths', () => {
    const text = [
      'Patterns and placeholders: `checks/*.json`, `eval/results/<suite>-latest.json`, `App.tsx.{hash}.js`, `…/events`, `$TMPDIR/cache`.',
      'Not paths: `motion/react`, `preview.ready`, `text/event-stream`, `/usr/bin/chromium`, `/v1/sprouts`, `@sprout/core/contract`,',
      '`http://localhost:3000`, `client/src/App.tsx:12`, `key=value`, `--short`, `src/App.tsx → client/src/App.tsx`.',
      "A file of a person's project: `client/src/components/TaskCard.tsx`; one the starter lacks, linked: [`sprout.data.json`](docs/deploy.md).",
      '```sh',
      'cat apps/api/src/gone.ts `gone/too.ts`',
      '```',
    ].join('\n');
    expect(problems(tree(files), { 'README.md': text })).toEqual([]);
  });

  it('may name what git ignores: it is built, not written', () => {
    const docs = { 'README.md': 'The database lives in `./data` (`data/session-secret`); exports have a `dist/`.' };
    expect(problems(tree(files, ['data', 'packages/template/files/dist']), docs)).toEqual([]);
  });
});

describe('code that points to a doc', () => {
  const anchors = new Map([['docs/architecture.md', new Set(['trust-boundaries'])]]);

  it('names a doc and a heading that exist, in its comments', () => {
    const code = [
      '// Why: docs/architecture.md#trust-boundaries.',
      ' * See docs/architecture.md#gone and docs/gone.md.',
      "const file = 'docs/notes.md'; // a project's file in a string is not a pointer",
    ].join('\n');
    expect(docLinksInCode('a.ts', code, anchors).map((p) => `${p.file}:${p.line} ${p.named}: ${p.message}`)).toEqual([
      'a.ts:2 docs/architecture.md#gone: docs/architecture.md has no heading #gone',
      'a.ts:2 docs/gone.md: docs/gone.md does not exist',
    ]);
  });
});
