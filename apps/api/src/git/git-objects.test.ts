import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitBody, commitHeader, gitObject, treeOf, writeLooseObjects } from './git-objects';

const files = [
  { path: 'client/src/App.tsx', content: 'export default () => null;\n' },
  { path: 'client/src-x.ts', content: 'x' },
  { path: 'client/index.html', content: '<p>é</p>\n' },
  { path: 'package.json', content: '{}\n' },
];

describe('git objects', () => {
  it('hashes as git does, sorts trees as git does, and git reads what it wrote', async () => {
    expect(gitObject('blob', Buffer.from('hello\n')).id).toBe('ce013625030ba8dba906f756967f9e9ca394464a');
    const dir = mkdtempSync(path.join(tmpdir(), 'git-objects-'));
    execFileSync('git', ['init', '--bare', '-q', dir]);
    const tree = treeOf(files);
    const body = commitBody({
      tree: tree.id,
      parent: null,
      author: { name: 'A <x>', email: 'a@example.com' },
      committer: { name: 'Sprout', email: 's@x' },
      time: 1700000000,
      message: 'Hi\n\n',
    });
    const commit = gitObject('commit', body);
    await writeLooseObjects(dir, [...tree.objects, commit]);
    execFileSync('git', ['--git-dir', dir, 'fsck', '--strict', '--no-dangling']);
    const listed = execFileSync('git', ['--git-dir', dir, 'ls-tree', '-r', '--name-only', commit.id]).toString().trim().split('\n');
    expect(listed).toEqual(['client/index.html', 'client/src-x.ts', 'client/src/App.tsx', 'package.json']);
    expect(execFileSync('git', ['--git-dir', dir, 'show', `${commit.id}:client/index.html`]).toString()).toBe('<p>é</p>\n');
    expect(commitHeader(body)).toEqual({ tree: tree.id, parents: [], message: 'Hi\n' });
    expect(body.toString()).toContain('author A x <a@example.com> 1700000000 +0000\n');
    // The same files in another order are the same tree.
    expect(treeOf([...files].reverse()).id).toBe(tree.id);
  });
});
