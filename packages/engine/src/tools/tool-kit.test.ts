import { describe, expect, it } from 'vitest';
import { capped, isUnder, lineCount, projectPath } from './tool-kit';

describe('projectPath', () => {
  it('reads paths as the edit protocol writes them', () => {
    expect(projectPath('src/App.tsx')).toBe('client/src/App.tsx');
    expect(projectPath('./client/src/App.tsx')).toBe('client/src/App.tsx');
    expect(projectPath('/client/src/')).toBe('client/src');
    expect(projectPath('sprout.data.json')).toBe('sprout.data.json');
    expect(projectPath('')).toBe('');
  });

  it('refuses what leaves the project', () => {
    for (const p of ['../x', 'client/../../x', '~/x', 'C:/x', 'a\\b', '//host/x', 'a/\u0007b']) expect(projectPath(p)).toBeNull();
  });
});

describe('tool text', () => {
  it('counts lines, caps text and tells folders apart', () => {
    expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb')]).toEqual([0, 1, 1, 2]);
    expect(capped('abcdef', 3)).toBe('abc\n… (cut here)');
    expect(capped('abc', 3)).toBe('abc');
    expect([isUnder('client/src/a.ts', 'client/src'), isUnder('client/srcs/a.ts', 'client/src'), isUnder('x', '')]).toEqual([true, false, true]);
  });
});
