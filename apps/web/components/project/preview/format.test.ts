import { describe, expect, it } from 'vitest';
import { buildErrorsText, exportFileName, fileNameFromDisposition, formatBuildMessage, formatLocation, slugOf } from './format';

describe('preview formatting', () => {
  it('formats locations with whatever is known', () => {
    expect(formatLocation({ file: 'client/src/App.tsx', line: 3, column: 14 })).toBe('client/src/App.tsx:3:14');
    expect(formatLocation({ file: 'client/src/App.tsx', line: 3, column: null })).toBe('client/src/App.tsx:3');
    expect(formatLocation({ file: 'client/src/App.tsx', line: null, column: null })).toBe('client/src/App.tsx');
    expect(formatLocation({ file: null, line: 1, column: 1 })).toBe('');
    expect(formatLocation(null)).toBe('');
  });

  it('prints build errors for the clipboard', () => {
    const errors = [
      { file: 'client/src/App.tsx', line: 2, column: 13, message: 'Unexpected ";"', lineText: '  return <div;' },
      { file: null, line: null, column: null, message: 'Something else' },
    ];
    expect(formatBuildMessage(errors[0]!)).toBe('client/src/App.tsx:2:13: Unexpected ";"');
    expect(buildErrorsText(errors)).toBe('client/src/App.tsx:2:13: Unexpected ";"\n    return <div;\n\nSomething else');
  });

  it('names the export like the API does', () => {
    expect(slugOf('Café Menu!')).toBe('cafe-menu');
    expect(slugOf('***')).toBe('app');
    expect(slugOf('Sprout')).toBe('app');
    expect(exportFileName({ displayName: 'Sprout - 537', publicUrl: null })).toBe('sprout-537.zip');
    expect(exportFileName({ displayName: 'Renamed later', publicUrl: 'http://garden-ab12.sites.localhost:3001' })).toBe('garden-ab12.zip');
  });

  it('reads a file name from Content-Disposition', () => {
    expect(fileNameFromDisposition('attachment; filename="todo.zip"')).toBe('todo.zip');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''caf%C3%A9.zip")).toBe('café.zip');
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
