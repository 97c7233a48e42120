import { describe, expect, it } from 'vitest';
import { formatLocated, formatLocation } from './locations';

describe('locations', () => {
  it('print as much of file, line and column as is known', () => {
    expect(formatLocation({ file: 'client/src/App.tsx', line: 3, column: 14 })).toBe('client/src/App.tsx:3:14');
    expect(formatLocation({ file: 'client/src/App.tsx', line: 3, column: null })).toBe('client/src/App.tsx:3');
    expect(formatLocation({ file: 'client/src/App.tsx', line: null, column: 7 })).toBe('client/src/App.tsx');
    expect(formatLocation({ file: null, line: 3, column: 1 })).toBe('');
    expect(formatLocation(null)).toBe('');
  });

  it('put the location before a message the way compilers do', () => {
    expect(formatLocated({ file: 'client/src/App.tsx', line: 2, column: 13, message: 'Unexpected ";"' })).toBe('client/src/App.tsx:2:13: Unexpected ";"');
    expect(formatLocated({ file: null, line: null, column: null, message: 'x' })).toBe('x');
  });
});
