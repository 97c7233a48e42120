import { describe, expect, it } from 'vitest';
import { exceptionIssue, formatConsoleArgs, IssueList, MAX_ISSUES, moduleIssue, reactConsoleIssue, type ExceptionDetails } from './page-issues';
import { SourceLocator } from './stack-locations';

const ORIGIN = 'http://abc.preview.localhost:3001';
const BUNDLE = `${ORIGIN}/_sprout/build/v1/main-X.js`;
const VENDOR = `${ORIGIN}/_sprout/vendor/k/react-dom~client.js`;
// Every bundle line maps to App.tsx, same line and column.
const identity = JSON.stringify({ sources: ['client/src/App.tsx'], mappings: Array.from({ length: 50 }, (_, i) => (i === 0 ? 'AAAA' : 'AACA')).join(';') });
const locator = new SourceLocator(ORIGIN, (url) => (url === BUNDLE ? identity : null));

const thrown = (text: string, description: string, frames: { url: string; lineNumber: number; columnNumber: number }[] = []): ExceptionDetails => ({
  text,
  lineNumber: 0,
  columnNumber: 0,
  url: frames[0]?.url,
  stackTrace: { callFrames: frames },
  exception: { type: 'object', subtype: 'error', className: 'TypeError', description },
});

describe('exceptionIssue', () => {
  it('words an uncaught error as the bridge does and places it in the project', () => {
    const details = thrown('Uncaught', `TypeError: Cannot read properties of null (reading 'filter')\n    at App (${BUNDLE}:12:5)`, [
      { url: BUNDLE, lineNumber: 11, columnNumber: 4 },
    ]);
    expect(exceptionIssue(details, locator)).toEqual({
      kind: 'error',
      message: "Uncaught TypeError: Cannot read properties of null (reading 'filter')",
      file: 'client/src/App.tsx',
      line: 12,
      column: 1,
    });
  });

  it('reads the words of a rejection the browser reports without an exception object', () => {
    const details = { text: `Uncaught (in promise) SyntaxError: Unexpected token '<', "<!doctype "... is not valid JSON`, lineNumber: 0, columnNumber: 0 };
    expect(exceptionIssue(details, locator)).toMatchObject({
      kind: 'rejection',
      message: `Unhandled promise rejection: SyntaxError: Unexpected token '<', "<!doctype "... is not valid JSON`,
    });
  });

  it('tells an unhandled rejection, also of a value that is not an Error', () => {
    expect(
      exceptionIssue({ text: 'Uncaught (in promise)', lineNumber: 0, columnNumber: 0, exception: { type: 'string', value: 'no tasks' } }, locator),
    ).toEqual({
      kind: 'rejection',
      message: 'Unhandled promise rejection: no tasks',
      file: null,
      line: null,
      column: null,
    });
  });

  it('gives no location rather than a vendor file or the page itself', () => {
    const fromReact = thrown('Uncaught', `Error: Too many re-renders.\n    at x (${VENDOR}:99:1)`, [{ url: VENDOR, lineNumber: 98, columnNumber: 0 }]);
    expect(exceptionIssue(fromReact, locator)).toMatchObject({ file: null, line: null });
    const moduleFailed = { ...thrown('Uncaught (in promise)', 'TypeError: Failed to fetch dynamically imported module'), url: `${ORIGIN}/` };
    expect(exceptionIssue(moduleFailed, locator)).toMatchObject({ kind: 'rejection', file: null });
  });
});

describe('console errors', () => {
  it('fills in printf-style placeholders like the console does', () => {
    expect(
      formatConsoleArgs([
        { type: 'string', value: '%o\n\n%s\n\n%s\n' },
        { type: 'object', description: 'Error: kaboom\n    at Chart (x.js:1:1)' },
        { type: 'string', value: 'The above error occurred in the <Chart> component.' },
        { type: 'string', value: 'React will try to recreate this component tree.' },
      ]),
    ).toBe('Error: kaboom\n    at Chart (x.js:1:1)\n\nThe above error occurred in the <Chart> component.\n\nReact will try to recreate this component tree.\n');
    expect(
      formatConsoleArgs([
        { type: 'string', value: '%c styled %d%%' },
        { type: 'string', value: 'color: red' },
        { type: 'number', value: 5 },
      ]),
    ).toBe(' styled 5%');
    expect(
      formatConsoleArgs([
        { type: 'number', value: 1 },
        { type: 'boolean', value: true },
      ]),
    ).toBe('1 true');
    expect(formatConsoleArgs([])).toBe('');
  });

  it("counts React's error reports only, placed by the logged error's stack, without the stack lines", () => {
    const text = `Error: kaboom\n    at Chart (${BUNDLE}:7:9)\n\nThe above error occurred in the <Chart> component.`;
    expect(reactConsoleIssue(text, locator)).toEqual({
      kind: 'react',
      message: 'Error: kaboom\n\nThe above error occurred in the <Chart> component.',
      file: 'client/src/App.tsx',
      line: 7,
      column: 1,
    });
    expect(reactConsoleIssue('Maximum update depth exceeded. This can happen when…', locator)).toMatchObject({ kind: 'react', file: null });
    expect(reactConsoleIssue('Warning: Each child in a list should have a unique "key" prop.', locator)).toBeNull();
    expect(reactConsoleIssue('Failed to save: network error', locator)).toBeNull();
  });
});

describe('IssueList', () => {
  it('keeps each issue once, in order, and at most MAX_ISSUES', () => {
    const list = new IssueList();
    list.add(moduleIssue('/a.js', 'script', '404 Not Found'));
    list.add(moduleIssue('/a.js', 'script', '404 Not Found'));
    list.add(moduleIssue('/a.css', 'stylesheet', '404 Not Found'));
    list.add(null);
    expect(list.items.map((i) => i.message)).toEqual(['Failed to load the script /a.js: 404 Not Found', 'Failed to load the stylesheet /a.css: 404 Not Found']);
    for (let i = 0; i < 20; i++) list.add(moduleIssue(`/${i}.js`, 'script', '404'));
    expect(list.items).toHaveLength(MAX_ISSUES);
  });
});
