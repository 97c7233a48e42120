import { describe, expect, it } from 'vitest';
import { buildErrorsText, exportFileName, fileNameFromDisposition } from './format';

describe('preview formatting', () => {
  it('prints build errors for the clipboard', () => {
    const errors = [
      { file: 'client/src/App.tsx', line: 2, column: 13, message: 'Unexpected ";"', lineText: '  return <div;' },
      { file: null, line: null, column: null, message: 'Something else' },
    ];
    expect(buildErrorsText(errors)).toBe('client/src/App.tsx:2:13: Unexpected ";"\n    return <div;\n\nSomething else');
  });

  it('names the export like the API does', () => {
    expect(exportFileName({ displayName: 'Sprout - 537', publicUrl: null })).toBe('sprout-537.zip');
    expect(exportFileName({ displayName: 'Renamed later', publicUrl: 'http://garden-ab12.sites.localhost:3001' })).toBe('garden-ab12.zip');
  });

  it('reads a file name from Content-Disposition', () => {
    expect(fileNameFromDisposition('attachment; filename="todo.zip"')).toBe('todo.zip');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''caf%C3%A9.zip")).toBe('café.zip');
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
