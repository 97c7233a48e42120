import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { compile, optimize } from '@tailwindcss/node';
import { Scanner } from '@tailwindcss/oxide';
import { Lru } from './lru';
import { extensionOf, type ProjectFiles } from './project-files';

type Compiler = Awaited<ReturnType<typeof compile>>;

const require = createRequire(import.meta.url);
const TAILWIND_DIR = path.dirname(require.resolve('tailwindcss/package.json'));

// Files whose text can hold class names. CSS is compiled, not scanned; JSON is data.
const SCANNED = new Set(['tsx', 'ts', 'jsx', 'js', 'mjs', 'cjs', 'html', 'md', 'svg']);

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
let scanner: Scanner | undefined;

export class TailwindError extends Error {
  override name = 'TailwindError';
}

/**
 * Tailwind v4, in-process: candidates come from the project's files in memory (cached per file
 * content, so a one-file edit rescans one file) and the compiler for a stylesheet is kept per scope.
 * Scoped because a Tailwind compiler accumulates every candidate it has seen: sharing one between
 * projects would leak one user's class names into another's CSS.
 */
export class TailwindCompiler {
  private readonly compilers = new Lru<string, Promise<Compiler>>(64);
  private readonly candidates = new Lru<string, string[]>(4000);
  // A compiler per stylesheet, parsed ahead of time and never used yet: the next project with that
  // stylesheet (most share the template's) takes it instead of waiting for Tailwind to parse its theme.
  private readonly spares = new Map<string, Promise<Compiler>>();

  /** Every class candidate in the project's scanned files. */
  candidatesOf(files: ProjectFiles): string[] {
    const all = new Set<string>();
    for (const [file, content] of files.entries()) {
      const extension = extensionOf(file);
      if (!SCANNED.has(extension)) continue;
      const key = `${extension}:${sha(content)}`;
      let found = this.candidates.get(key);
      if (!found) {
        // One scanner for every file: reading a file's candidates keeps no state, and making a
        // scanner costs as much as scanning.
        scanner ??= new Scanner({ sources: [] });
        found = [...new Set(scanner.getCandidatesWithPositions({ content, extension }).map((c) => c.candidate))];
        this.candidates.set(key, found);
      }
      for (const c of found) all.add(c);
    }
    return [...all];
  }

  /**
   * Compiles one stylesheet (its project imports already inlined). `scope` (e.g. the project id)
   * lets later builds of the same project reuse the parsed compiler; production builds pass none and
   * get a fresh, exact compile.
   */
  async compile(css: string, file: string, candidates: string[], options: { scope?: string; minify?: boolean } = {}): Promise<string> {
    let compiler: Promise<Compiler>;
    const key = options.scope === undefined ? undefined : `${options.scope}:${sha(css)}`;
    const cached = key === undefined ? undefined : this.compilers.get(key);
    if (cached) compiler = cached;
    else {
      const stylesheet = `${file}:${sha(css)}`;
      const spare = key === undefined ? undefined : this.spares.get(stylesheet);
      this.spares.delete(stylesheet);
      compiler = spare ?? createCompiler(css, file);
      if (key !== undefined) {
        this.compilers.set(key, compiler);
        // A failed compile must not stay cached.
        compiler.catch(() => this.compilers.delete(key));
        setImmediate(() => this.prepare(stylesheet, css, file));
      }
    }
    let out: string;
    try {
      out = (await compiler).build(candidates);
    } catch (err) {
      throw new TailwindError(cleanMessage(err));
    }
    return options.minify ? optimize(out, { minify: true }).code : out;
  }

  private prepare(stylesheet: string, css: string, file: string): void {
    if (this.spares.has(stylesheet) || this.spares.size >= MAX_SPARES) return;
    const spare = createCompiler(css, file);
    this.spares.set(stylesheet, spare);
    spare.catch(() => this.spares.delete(stylesheet));
  }
}

const MAX_SPARES = 16;

function createCompiler(css: string, file: string): Promise<Compiler> {
  return compile(css, {
    base: TAILWIND_DIR,
    from: file,
    onDependency: () => {},
    customCssResolver: resolveCss,
    customJsResolver: async (id) => {
      throw new TailwindError(`Tailwind plugins and configs are not available in Sprout projects ('${id}').`);
    },
  });
}

// Only Tailwind's own stylesheets may be read from disk: a project's `@import '/etc/passwd'` must not
// pull server files into its CSS.
async function resolveCss(id: string, base: string): Promise<string> {
  if (id === 'tailwindcss' || id === 'tailwindcss/index.css' || id === 'tailwindcss/index') return path.join(TAILWIND_DIR, 'index.css');
  const named = /^tailwindcss\/(theme|preflight|utilities)(\.css)?$/.exec(id);
  if (named) return path.join(TAILWIND_DIR, `${named[1]}.css`);
  const inside = path.resolve(base, id);
  if (id.startsWith('.') && base.startsWith(TAILWIND_DIR) && inside.startsWith(TAILWIND_DIR + path.sep) && inside.endsWith('.css')) return inside;
  throw new TailwindError(`CSS import '${id}' is not available: a stylesheet may import 'tailwindcss' and the project's own CSS files.`);
}

function cleanMessage(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/ from '[^']*'/g, '');
}
