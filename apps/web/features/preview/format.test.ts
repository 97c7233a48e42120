import { describe, expect, it } from 'vitest';
import { buildErrorsText } from './format';

describe('preview formatting', () => {
  it('prints build errors for the clipboard', () => {
    const errors = [
      { file: 'client/src/App.tsx', line: 2, column: 13, message: 'Unexpected ";"', lineText: '  return <div;' },
      { file: null, line: null, column: null, message: 'Something else' },
    ];
    expect(buildErrorsText(errors)).toBe('client/src/App.tsx:2:13: Unexpected ";"\n    return <div;\n\nSomething else');
  });
});
