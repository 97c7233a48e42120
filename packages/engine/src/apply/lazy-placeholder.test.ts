import { describe, expect, it } from 'vitest';
import { findLazyPlaceholder } from './lazy-placeholder';

describe('findLazyPlaceholder', () => {
  it.each([
    '// ... existing code ...',
    '  // rest of the code unchanged',
    '{/* ... rest of the component ... */}',
    '/* ... */',
    '// ...',
    '    // … other items here',
    '<!-- existing markup -->',
    '// Keep the rest as is',
    '// The rest of the file remains the same',
  ])('flags %j', (line) => {
    expect(findLazyPlaceholder(`import a from 'a';\n${line}\nexport default a;\n`)).toBe(line.trim());
  });

  it.each([
    '// Sort tasks so the newest come first',
    '// value stays unchanged when the input is invalid, see #12',
    "const label = 'Loading...';",
    '// TODO: handle errors',
    '/* eslint-disable */',
    '// Spread the rest of the props onto the button',
  ])('accepts %j', (line) => {
    expect(findLazyPlaceholder(`${line}\nexport default 1;\n`)).toBeNull();
  });

  it('ignores a placeholder-like comment that the file already had', () => {
    const previous = 'a\n// ... existing code ...\nb\n';
    expect(findLazyPlaceholder('a\n// ... existing code ...\nb\nc\n', previous)).toBeNull();
  });
});
