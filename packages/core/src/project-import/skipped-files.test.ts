import { describe, expect, it } from 'vitest';
import { shownPath, SkippedList } from './skipped-files';

describe('SkippedList', () => {
  it('lists a folder once, and counts what is past the limit in one last entry', () => {
    const list = new SkippedList();
    list.folder('node_modules', 'Installed packages.');
    list.folder('node_modules', 'Installed packages.');
    for (let i = 0; i < 5; i++) list.file(`f${i}.bin`, 'Binary.');
    expect(list.size).toBe(6);
    expect(list.list(4)).toEqual([
      { path: 'node_modules/', reason: 'Installed packages.' },
      { path: 'f0.bin', reason: 'Binary.' },
      { path: 'f1.bin', reason: 'Binary.' },
      { path: '…', reason: '3 more files or folders were not imported.' },
    ]);
  });
});

describe('shownPath', () => {
  it('replaces control characters and shortens long paths', () => {
    expect(shownPath('a\u0000b\u001bc')).toBe('a\uFFFDb\uFFFDc');
    expect(shownPath('x'.repeat(500))).toHaveLength(160);
  });
});
