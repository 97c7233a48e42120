import { EditorState, type Extension } from '@codemirror/state';
import {
  crosshairCursor,
  drawSelection,
  dropCursor,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  rectangularSelection,
} from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, foldGutter, foldKeymap, HighlightStyle, indentOnInput } from '@codemirror/language';
import { tags as t } from '@lezer/highlight';
import { javascript } from '@codemirror/lang-javascript';
import { css } from '@codemirror/lang-css';
import { html } from '@codemirror/lang-html';
import { json } from '@codemirror/lang-json';
import { markdown } from '@codemirror/lang-markdown';
import { cn } from '@/lib/cn';

/*
 * CodeMirror 6, loaded only when the Code tab is first opened (clientOnly in ./file-browser.tsx, which imports it only through ./code-editor), so
 * none of it is in the project page's first-load JavaScript. Colours come from the page's theme
 * tokens and CSS variables, so light and dark follow the site's theme without reconfiguring.
 */

export function languageFor(path: string): Extension {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  switch (ext) {
    case 'ts':
    case 'mts':
    case 'cts':
      return javascript({ typescript: true });
    case 'tsx':
      return javascript({ typescript: true, jsx: true });
    case 'jsx':
      return javascript({ jsx: true });
    case 'js':
    case 'mjs':
    case 'cjs':
      return javascript();
    case 'css':
      return css();
    case 'html':
    case 'htm':
      return html();
    case 'json':
      return json();
    case 'md':
    case 'markdown':
      return markdown();
    default:
      return [];
  }
}

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

export const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '12.5px', backgroundColor: 'var(--background)', color: 'var(--foreground)' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: MONO, lineHeight: '1.65' },
  '.cm-content': { caretColor: 'var(--foreground)', paddingBottom: '40vh' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--foreground)' },
  '.cm-gutters': { backgroundColor: 'var(--background)', color: 'var(--muted-foreground)', border: 'none', borderRight: '1px solid var(--border)' },
  '.cm-activeLine': { backgroundColor: 'color-mix(in oklab, var(--accent) 55%, transparent)' },
  '.cm-activeLineGutter': { backgroundColor: 'transparent', color: 'var(--foreground)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': {
    backgroundColor: 'color-mix(in oklab, var(--primary) 28%, transparent) !important',
  },
  '.cm-selectionMatch': { backgroundColor: 'color-mix(in oklab, var(--primary) 14%, transparent)' },
  '.cm-matchingBracket, &.cm-focused .cm-matchingBracket': { backgroundColor: 'color-mix(in oklab, var(--primary) 22%, transparent)', outline: 'none' },
  '.cm-foldPlaceholder': { backgroundColor: 'var(--muted)', border: '1px solid var(--border)', color: 'var(--muted-foreground)' },
  '.cm-tooltip': { backgroundColor: 'var(--popover)', color: 'var(--popover-foreground)', border: '1px solid var(--border)', borderRadius: '8px' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: 'var(--accent)', color: 'var(--accent-foreground)' },
  '.cm-panels': { backgroundColor: 'var(--muted)', color: 'var(--foreground)' },
  '.cm-panels.cm-panels-bottom': { borderTop: '1px solid var(--border)' },
  '.cm-panel input, .cm-panel button': { fontSize: '12px' },
  '.cm-textfield': { backgroundColor: 'var(--background)', border: '1px solid var(--input)', borderRadius: '6px' },
  '.cm-button': { backgroundImage: 'none', backgroundColor: 'var(--background)', border: '1px solid var(--input)', borderRadius: '6px' },
  '.cm-searchMatch': { backgroundColor: 'color-mix(in oklab, var(--warning) 35%, transparent)' },
  '.cm-searchMatch.cm-searchMatch-selected': { backgroundColor: 'color-mix(in oklab, var(--warning) 65%, transparent)' },
});

const v = (name: string) => `var(--cm-${name})`;
export const highlight = HighlightStyle.define([
  { tag: [t.keyword, t.controlKeyword, t.moduleKeyword, t.definitionKeyword, t.operatorKeyword, t.modifier], color: v('keyword') },
  { tag: [t.string, t.special(t.string), t.regexp, t.character], color: v('string') },
  { tag: [t.number, t.bool, t.null, t.atom, t.unit], color: v('number') },
  { tag: [t.comment, t.lineComment, t.blockComment, t.docComment], color: v('comment'), fontStyle: 'italic' },
  { tag: [t.typeName, t.className, t.namespace], color: v('type') },
  { tag: [t.function(t.variableName), t.function(t.propertyName), t.macroName], color: v('function') },
  { tag: [t.propertyName, t.attributeName], color: v('property') },
  { tag: [t.tagName, t.angleBracket], color: v('tag') },
  { tag: [t.definition(t.variableName), t.labelName], color: v('definition') },
  { tag: [t.heading], color: v('keyword'), fontWeight: '600' },
  { tag: [t.link, t.url], color: v('string'), textDecoration: 'underline' },
  { tag: [t.emphasis], fontStyle: 'italic' },
  { tag: [t.strong], fontWeight: '600' },
  { tag: [t.invalid], color: 'var(--destructive)' },
  { tag: [t.meta, t.processingInstruction], color: v('comment') },
]);

// GitHub-like colours, light then dark, as CSS variables on the editor's wrapper.
export const PALETTE = cn(
  '[--cm-keyword:#cf222e] [--cm-string:#0a3069] [--cm-number:#0550ae] [--cm-comment:#6e7781] [--cm-type:#953800] [--cm-function:#8250df] [--cm-property:#0550ae] [--cm-tag:#116329] [--cm-definition:#953800]',
  'dark:[--cm-keyword:#ff7b72] dark:[--cm-string:#a5d6ff] dark:[--cm-number:#79c0ff] dark:[--cm-comment:#8b949e] dark:[--cm-type:#ffa657] dark:[--cm-function:#d2a8ff] dark:[--cm-property:#79c0ff] dark:[--cm-tag:#7ee787] dark:[--cm-definition:#ffa657]',
);

/** What CodeMirror's basic setup gives, from the packages we depend on. */
export const setup: Extension = [
  lineNumbers(),
  highlightActiveLineGutter(),
  highlightSpecialChars(),
  history(),
  foldGutter(),
  drawSelection(),
  dropCursor(),
  EditorState.allowMultipleSelections.of(true),
  indentOnInput(),
  bracketMatching(),
  rectangularSelection(),
  crosshairCursor(),
  highlightActiveLine(),
  EditorState.tabSize.of(2),
  // Tab indents (Escape then Tab leaves the editor, as CodeMirror documents for keyboard users).
  keymap.of([...defaultKeymap, ...historyKeymap, ...foldKeymap, indentWithTab]),
];
