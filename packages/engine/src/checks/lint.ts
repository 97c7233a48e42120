import htmlhint from 'htmlhint';
import jshint from 'jshint';
import { issue, type CheckIssue } from './issues';

/**
 * The generated-code lint settings (an HTML rule set, and JavaScript at esversion 11): rules whose
 * failures break a page, not style rules.
 * Only errors are reported; they go back to the model in a fix round.
 */
const HTML_RULES = Object.freeze({
  'doctype-first': true,
  'tag-pair': true,
  'attr-no-duplication': true,
  'id-unique': true,
  'src-not-empty': true,
  'title-require': true,
  'tagname-lowercase': true,
  'attr-lowercase': true,
  'spec-char-escape': true,
});

const JS_OPTIONS = Object.freeze({ esversion: 11, module: true, browser: true, devel: true });

export function lintHtml(path: string, html: string): CheckIssue[] {
  return htmlhint.HTMLHint.verify(html, { ...HTML_RULES })
    .filter((m) => m.type === 'error')
    .map((m) => issue('htmlhint', path, m.message, m.line, m.col));
}

export function lintJs(path: string, code: string): CheckIssue[] {
  const { JSHINT } = jshint as unknown as {
    JSHINT: ((code: string, options: object) => boolean) & { errors: ({ code: string; reason: string; line: number; character: number } | null)[] };
  };
  JSHINT(code, { ...JS_OPTIONS });
  // E codes are syntax errors; W codes (style, undefined globals in a browser) are not worth a fix round.
  return JSHINT.errors
    .filter((e): e is NonNullable<typeof e> => e !== null && e.code.startsWith('E'))
    .map((e) => issue('jshint', path, e.reason, e.line, e.character));
}

/** Lints the changed files the linters understand: HTML pages and plain JavaScript (not JSX). */
export function lintFiles(files: ReadonlyMap<string, string>, changed: Iterable<string>): CheckIssue[] {
  const out: CheckIssue[] = [];
  for (const path of changed) {
    const content = files.get(path);
    if (content === undefined) continue;
    if (path.endsWith('.html')) out.push(...lintHtml(path, content));
    else if (/\.(?:m?js|cjs)$/.test(path)) out.push(...lintJs(path, content));
  }
  return out;
}
