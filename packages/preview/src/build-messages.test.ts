import { describe, expect, it } from 'vitest';
import { formatLocated } from '@sprout/core';
import { fromEsbuild, projectPath } from './build-messages';

describe('build messages', () => {
  it('turn esbuild messages into 1-based locations on project paths', () => {
    const message = fromEsbuild({
      id: '',
      pluginName: '',
      text: 'Unexpected ";"',
      location: { file: 'project:client/src/App.tsx', namespace: 'project', line: 2, column: 12, length: 1, lineText: '  const x = ;', suggestion: '' },
      notes: [{ text: 'Did you mean…', location: null }],
      detail: undefined,
    });
    expect(message).toEqual({ file: 'client/src/App.tsx', line: 2, column: 13, message: 'Unexpected ";" (Did you mean…)', lineText: '  const x = ;' });
    expect(formatLocated(message)).toBe('client/src/App.tsx:2:13: Unexpected ";" (Did you mean…)');
    expect(formatLocated({ file: null, line: null, column: null, message: 'x' })).toBe('x');
    expect(projectPath('../project:a/b.ts')).toBe('a/b.ts');
  });
});
