import { describe, expect, it } from 'vitest';
import { decodeMappings, firstAppFrame, frameOf, SourceLocator } from './stack-locations';

const ORIGIN = 'http://abc.preview.localhost:3001';
const BUNDLE = `${ORIGIN}/_sprout/build/v1/main-X.js`;
const VENDOR = `${ORIGIN}/_sprout/vendor/k/react-dom~client.js`;

describe('frameOf (the bridge’s choice of frame)', () => {
  it('takes the first frame in the app’s own code, skipping vendor packages', () => {
    const stack = `TypeError: x is null\n    at renderWithHooks (${VENDOR}:10:5)\n    at App (${BUNDLE}:42:17)\n    at main (${BUNDLE}:90:1)`;
    expect(frameOf(stack)).toEqual({ url: BUNDLE, line: 42, column: 17 });
    expect(frameOf(`Error\n    at x (${VENDOR}:1:1)`)).toBeNull();
    expect(frameOf(undefined)).toBeNull();
  });

  it('does the same with DevTools’ 0-based call frames, ignoring the page and anonymous scripts', () => {
    expect(
      firstAppFrame([
        { url: VENDOR, lineNumber: 9, columnNumber: 4 },
        { url: `${ORIGIN}/`, lineNumber: 0, columnNumber: 0 },
        { url: '', lineNumber: 0, columnNumber: 0 },
        { url: BUNDLE, lineNumber: 41, columnNumber: 16 },
      ]),
    ).toEqual({ url: BUNDLE, line: 42, column: 17 });
    expect(firstAppFrame(undefined)).toBeNull();
  });
});

describe('decodeMappings', () => {
  it('decodes base64 VLQ segments into absolute [column, source, line, column] per line', () => {
    // Line 1: column 0 → source 0, line 0, column 0. Line 2 (empty). Line 3: column 0 → line 2, then column 4 → line 2, column 1.
    expect(decodeMappings('AAAA;;AAEA,IAAC')).toEqual([
      [[0, 0, 0, 0]],
      [],
      [
        [0, 0, 2, 0],
        [4, 0, 2, 1],
      ],
    ]);
    // Negative deltas and multi-digit values: 'gBAAgB' is +16 / +16, 'DAAD' is -1 / -1.
    expect(decodeMappings('gBAAgB,DAAD')).toEqual([
      [
        [16, 0, 0, 16],
        [15, 0, 0, 15],
      ],
    ]);
  });
});

describe('SourceLocator', () => {
  const map = JSON.stringify({ version: 3, sources: ['client/src/main.tsx', 'client/src/App.tsx'], mappings: 'AAAA;ACAA,IACE;AAGA' });
  const locator = new SourceLocator(ORIGIN, (url) => (url === BUNDLE ? map : null));

  it('maps a bundle position to the project file, line and column it came from', () => {
    // Generated line 2, column 6 falls in the segment starting at column 4: App.tsx line 2, column 3.
    expect(locator.locate({ url: BUNDLE, line: 2, column: 6 })).toEqual({ file: 'client/src/App.tsx', line: 2, column: 3 });
    expect(locator.locate({ url: BUNDLE, line: 1, column: 1 })).toEqual({ file: 'client/src/main.tsx', line: 1, column: 1 });
  });

  it('falls back to the path on the origin where no map covers the position', () => {
    expect(locator.locate({ url: BUNDLE, line: 99, column: 1 })).toEqual({ file: '/_sprout/build/v1/main-X.js', line: 99, column: 1 });
    expect(locator.locate({ url: `${ORIGIN}/other.js`, line: 3, column: 2 })).toEqual({ file: '/other.js', line: 3, column: 2 });
    expect(new SourceLocator(ORIGIN, () => '{not json').locate({ url: BUNDLE, line: 2, column: 6 })).toEqual({
      file: '/_sprout/build/v1/main-X.js',
      line: 2,
      column: 6,
    });
    expect(locator.locate(null)).toBeNull();
  });
});
