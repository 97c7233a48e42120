import { firstAppFrame, frameOf, type SourceLocator } from './stack-locations';

type RenderCheckIssueKind = 'blank' | 'error' | 'rejection' | 'react' | 'module' | 'function' | 'timeout' | 'budget';

/** One problem the render check saw, with the project file and line where a stack gives them. */
export interface RenderCheckIssue {
  kind: RenderCheckIssueKind;
  message: string;
  file: string | null;
  line: number | null;
  column: number | null;
}

export const MAX_ISSUES = 10;
const MAX_MESSAGE = 2000;

/**
 * React's own words for a broken render, in its development and production builds (what it throws
 * also arrives as an uncaught error; these are what it logs). Other console errors (a failed fetch
 * the app handles, key warnings) are the app's business, not a failed check.
 */
const REACT_ERROR_MESSAGES =
  /The above error occurred|Minified React error|Too many re-renders|Maximum update depth exceeded|Rendered (?:more|fewer) hooks than|Invalid hook call|Objects are not valid as a React child|Element type is invalid/;

/** What DevTools' Runtime.exceptionThrown reports (the fields used here). */
export interface ExceptionDetails {
  text: string;
  url?: string;
  lineNumber: number;
  columnNumber: number;
  stackTrace?: { callFrames: { url: string; lineNumber: number; columnNumber: number }[] };
  exception?: { type: string; subtype?: string; className?: string; description?: string; value?: unknown };
}

const firstLine = (text: string) => text.split('\n', 1)[0]!.trim();
export const clip = (text: string) => (text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text);

function describeThrown(exception: ExceptionDetails['exception'], text: string): string {
  // A rejection by the browser's own code (res.json() on a page that is not JSON) comes with no
  // exception object: its words are only in the report's text, after "Uncaught (in promise)".
  if (!exception) return firstLine(text.replace(/^Uncaught(?: \(in promise\))?:?\s*/, '')) || 'Unknown error';
  if (exception.description) return firstLine(exception.description);
  if (exception.type === 'string') return String(exception.value);
  if (exception.value !== undefined) return JSON.stringify(exception.value) ?? String(exception.value);
  return exception.type;
}

/**
 * An uncaught error or unhandled rejection, worded as the preview's bridge reports it to the web app
 * ("Uncaught TypeError: …", "Unhandled promise rejection: …") and placed with the build's source maps.
 */
export function exceptionIssue(details: ExceptionDetails, locator: SourceLocator): RenderCheckIssue {
  const rejection = details.text.includes('(in promise)');
  const thrown = describeThrown(details.exception, details.text);
  const message = rejection ? `Unhandled promise rejection: ${thrown}` : `Uncaught ${thrown}`;
  // Only the app's own code: an error React throws from its own files (too many re-renders), or a
  // module that failed to load, has no frame in the project and gets no location rather than a wrong one.
  const frame =
    firstAppFrame(details.stackTrace?.callFrames) ??
    frameOf(details.exception?.description) ??
    frameOf(details.url ? `${details.url}:${details.lineNumber + 1}:${details.columnNumber + 1}` : null);
  const where = locator.locate(frame);
  return {
    kind: rejection ? 'rejection' : 'error',
    message: clip(message),
    file: where?.file ?? null,
    line: where?.line ?? null,
    column: where?.column ?? null,
  };
}

/** A value logged to the console, as DevTools' Runtime.consoleAPICalled gives it. */
export interface ConsoleArg {
  type: string;
  value?: unknown;
  description?: string;
}

const argText = (a: ConsoleArg) =>
  a.type === 'string' ? String(a.value) : (a.description ?? (a.value !== undefined ? (JSON.stringify(a.value) ?? String(a.value)) : a.type));

/** The text the console shows for one call: printf-style `%s`/`%o`/… filled in, the other values after it. */
export function formatConsoleArgs(args: readonly ConsoleArg[]): string {
  const [first, ...rest] = args;
  if (!first) return '';
  if (first.type !== 'string') return args.map(argText).join(' ');
  let used = 0;
  const head = String(first.value).replace(/%[sdifoOc%]/g, (m) => {
    if (m === '%%') return '%';
    if (used >= rest.length) return m;
    const arg = rest[used++]!;
    return m === '%c' ? '' : argText(arg);
  });
  return [head, ...rest.slice(used).map(argText)].join(' ');
}

/**
 * A console error that is React reporting a broken render, or null. The logged error's stack (or
 * the call's own frames) names the file.
 */
export function reactConsoleIssue(
  text: string,
  locator: SourceLocator,
  callFrames?: readonly { url: string; lineNumber: number; columnNumber: number }[],
): RenderCheckIssue | null {
  if (!REACT_ERROR_MESSAGES.test(text)) return null;
  const where = locator.locate(frameOf(text) ?? firstAppFrame(callFrames));
  // The component stack and URLs after the first lines say nothing the location does not.
  const message = text
    .split('\n')
    .filter((l) => !/^\s+at\s/.test(l))
    .join('\n')
    .trim();
  return { kind: 'react', message: clip(message), file: where?.file ?? null, line: where?.line ?? null, column: where?.column ?? null };
}

/** A script, module or stylesheet of the app's own origin that did not load. */
export function moduleIssue(path: string, resourceType: string, failure: string): RenderCheckIssue {
  const what = resourceType === 'stylesheet' ? 'stylesheet' : 'script';
  return { kind: 'module', message: clip(`Failed to load the ${what} ${path}: ${failure}`), file: null, line: null, column: null };
}

export const blankIssue = (): RenderCheckIssue => ({
  kind: 'blank',
  message: 'The app rendered nothing: #root is empty after the page loaded (no visible element and no text).',
  file: null,
  line: null,
  column: null,
});

/** The page went past what a check allows (requests, frames, memory): stopped there, and said so. */
export const budgetIssue = (message: string): RenderCheckIssue => ({ kind: 'budget', message, file: null, line: null, column: null });

export const timeoutIssue = (message: string): RenderCheckIssue => ({ kind: 'timeout', message, file: null, line: null, column: null });

/** Collects issues in the order seen, once each, at most MAX_ISSUES. */
export class IssueList {
  private readonly seen = new Set<string>();
  readonly items: RenderCheckIssue[] = [];

  add(issue: RenderCheckIssue | null): void {
    if (!issue || this.items.length >= MAX_ISSUES) return;
    const key = `${issue.kind}\n${issue.message}\n${issue.file}\n${issue.line}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.items.push(issue);
  }
}
