import { describe, expect, it } from 'vitest';
import { diffFileSets } from './version-diff';

describe('diffFileSets', () => {
  it('reports added, removed and modified files with unified diffs', () => {
    const before = new Map([
      ['a.ts', 'one\ntwo\n'],
      ['gone.ts', 'bye\n'],
      ['same.ts', 'x\n'],
    ]);
    const after = new Map([
      ['a.ts', 'one\n2\n'],
      ['new.ts', 'hi\n'],
      ['same.ts', 'x\n'],
    ]);
    const d = diffFileSets(before, after);
    expect(d.map((f) => [f.path, f.status, f.additions, f.deletions])).toEqual([
      ['a.ts', 'modified', 1, 1],
      ['gone.ts', 'removed', 0, 1],
      ['new.ts', 'added', 1, 0],
    ]);
    expect(d[0]!.diff).toBe('--- a/a.ts\n+++ b/a.ts\n@@ -1,2 +1,2 @@\n one\n-two\n+2\n');
    expect(d[2]!.diff).toBe('--- /dev/null\n+++ b/new.ts\n@@ -0,0 +1 @@\n+hi\n');
  });

  it('does not print image modules', () => {
    const d = diffFileSets(new Map(), new Map([['client/src/assets/upload-x.ts', "export default 'data:image/png;base64,AAAA';\n"]]));
    expect(d).toEqual([{ path: 'client/src/assets/upload-x.ts', status: 'added', diff: '', additions: 1, deletions: 0 }]);
  });
});
