import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { CssImportError, inlineCssImports } from '../css-imports';
import { contentTypeOf, type ProjectFiles } from '../project-files';
import { TailwindError, type TailwindCompiler } from '../tailwind';
import type { BuildMessage, BuiltAsset } from '../types';
import { safeBase } from './module-names';

// CSS that uses none of these is plain CSS and skips the Tailwind compiler.
const TAILWIND_FEATURES = /@(?:import|apply|theme|tailwind|utility|variant|custom-variant|source|plugin|config|reference)\b|(?:theme|--alpha|--spacing)\(/;
const URL_TOKEN = /url\(\s*(['"]?)([^'")\s]+)\1\s*\)/g;
const encoder = new TextEncoder();
const packageCss = new Map<string, Promise<string>>();

export type StyleSource = { kind: 'style'; path: string } | { kind: 'package-style'; spec: string; file: string };

export interface PageStyle {
  /** The project path (`client/src/index.css`) or package specifier it comes from: names it across versions. */
  id: string;
  /** The file name it is served under; changes with its content. */
  name: string;
  asset: BuiltAsset;
}

export interface StyleContext {
  files: ProjectFiles;
  tailwind: TailwindCompiler;
  candidates: string[];
  scope?: string;
}

/** Compiles the page's stylesheets (project CSS through Tailwind when it uses it, package CSS as it is), in page order. */
export async function compileStyles(ctx: StyleContext, sources: readonly StyleSource[]): Promise<{ styles: PageStyle[]; errors: BuildMessage[] }> {
  const errors: BuildMessage[] = [];
  const styles = await Promise.all(
    sources.map(async (source): Promise<PageStyle | null> => {
      try {
        const id = source.kind === 'style' ? source.path : source.spec;
        const css = source.kind === 'style' ? await projectCss(ctx, source.path) : await readPackageCss(source.file);
        const hash = createHash('sha256').update(css).digest('hex').slice(0, 20);
        return { id, name: `${safeBase(id)}.${hash}.css`, asset: { contentType: 'text/css; charset=utf-8', body: encoder.encode(css) } };
      } catch (err) {
        const path = source.kind === 'style' ? source.path : source.spec;
        if (err instanceof CssImportError) errors.push({ file: err.file, line: err.line, column: 1, message: err.message });
        else if (err instanceof TailwindError) {
          const at = /:(\d+):(\d+): /.exec(err.message);
          errors.push({ file: path, line: at ? Number(at[1]) : 1, column: at ? Number(at[2]) : 1, message: err.message.replace(/^.*?:\d+:\d+: /, '') });
        } else throw err;
        return null;
      }
    }),
  );
  return { styles: styles.filter((s) => s !== null), errors };
}

async function projectCss(ctx: StyleContext, path: string): Promise<string> {
  const css = inlineCssImports(ctx.files, path);
  const out = TAILWIND_FEATURES.test(css) ? await ctx.tailwind.compile(css, path, ctx.candidates, { scope: ctx.scope }) : css;
  return inlineUrls(ctx.files, path, out);
}

/** `url(./bg.png)` names a project file, which the stylesheet's own URL cannot reach: it is inlined, as the bundled build does. */
function inlineUrls(files: ProjectFiles, path: string, css: string): string {
  if (!css.includes('url(')) return css;
  return css.replace(URL_TOKEN, (token, _quote: string, ref: string) => {
    if (/^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(ref) || ref.startsWith('/')) return token;
    const target = files.resolve(ref.startsWith('@/') || ref.startsWith('.') ? ref : `./${ref}`, path);
    const content = target === null ? undefined : files.get(target);
    if (target === null || content === undefined) return token;
    return `url("data:${contentTypeOf(target).split(';')[0]};base64,${Buffer.from(content).toString('base64')}")`;
  });
}

function readPackageCss(file: string): Promise<string> {
  let pending = packageCss.get(file);
  if (!pending) {
    pending = readFile(file, 'utf8');
    packageCss.set(file, pending);
    pending.catch(() => packageCss.delete(file));
  }
  return pending;
}
