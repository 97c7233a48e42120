import type { Plugin } from 'esbuild';
import { PROJECT_NAMESPACE } from './build-messages';
import { CssImportError, inlineCssImports } from './css-imports';
import { extensionOf, type ProjectFiles } from './project-files';
import { isBareSpecifier, isNodeBuiltin, parseBareSpecifier, unavailablePackageMessage } from './specifiers';
import { TailwindError, type TailwindCompiler } from './tailwind';
import type { AllowedPackages, BuildMode } from './types';
import { VendorError, type VendorCache } from './vendor';

export interface ProjectPluginOptions {
  files: ProjectFiles;
  mode: BuildMode;
  allowed: AllowedPackages;
  /** Where packages are installed: production bundles resolve them from here. */
  resolveDir: string;
  vendor: VendorCache;
  tailwind: TailwindCompiler;
  candidates: string[];
  scope?: string;
  /** Filled with the bare specifiers the project imports (left to the import map in preview mode). */
  usedPackages: Set<string>;
  /** Where the code runs: the browser (the app), or the server (a function, in workerd). */
  runsOn?: 'browser' | 'server';
}

const LOADERS: Record<string, 'tsx' | 'ts' | 'jsx' | 'js' | 'json' | 'text' | 'dataurl'> = {
  tsx: 'tsx',
  ts: 'ts',
  jsx: 'jsx',
  js: 'js',
  mjs: 'js',
  cjs: 'js',
  json: 'json',
  md: 'text',
  txt: 'text',
  html: 'text',
  svg: 'dataurl',
  png: 'dataurl',
  jpg: 'dataurl',
  jpeg: 'dataurl',
  gif: 'dataurl',
  webp: 'dataurl',
  avif: 'dataurl',
  ico: 'dataurl',
  woff: 'dataurl',
  woff2: 'dataurl',
};

// CSS that uses none of these is plain CSS and skips the Tailwind compiler.
const TAILWIND_FEATURES = /@(?:import|apply|theme|tailwind|utility|variant|custom-variant|source|plugin|config|reference)\b|(?:theme|--alpha|--spacing)\(/;

/** Resolves and loads the project's files from memory and decides what every package import becomes. */
export function projectPlugin(o: ProjectPluginOptions): Plugin {
  return {
    name: 'sprout-project',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData?.sproutSkip) return undefined;
        if (args.kind === 'entry-point') return { path: args.path, namespace: PROJECT_NAMESPACE };
        if (args.namespace !== PROJECT_NAMESPACE) return undefined;
        const spec = args.path;
        if (/^(?:https?:)?\/\//i.test(spec) || spec.startsWith('data:')) {
          if (args.kind === 'url-token' || args.kind === 'import-rule') return { path: spec, external: true };
          return { errors: [{ text: `Importing code from a URL ('${spec}') is not supported; use one of the available packages.` }] };
        }
        // In CSS, '/logo.png' is a file of client/public, served at the site root.
        if (spec.startsWith('/') && (args.kind === 'url-token' || args.kind === 'import-rule')) return { path: spec, external: true };
        if (isNodeBuiltin(spec)) {
          const where = o.runsOn === 'server' ? 'functions run in an isolate without Node.js modules (use fetch and ctx)' : 'the app runs in the browser';
          return { errors: [{ text: `'${spec}' is a Node.js module; ${where} and cannot import it.` }] };
        }
        if (!isBareSpecifier(spec)) {
          const target = o.files.resolve(spec, args.importer);
          if (target) return { path: target, namespace: PROJECT_NAMESPACE };
          return { errors: [{ text: `Cannot find '${spec}' from ${args.importer}: no such file (tried .tsx, .ts, .jsx, .js and index files).` }] };
        }
        const parsed = parseBareSpecifier(spec);
        if (!parsed) return { errors: [{ text: `'${spec}' is not a valid package import.` }] };
        if (!Object.hasOwn(o.allowed, parsed.name)) return { errors: [{ text: unavailablePackageMessage(parsed.name, o.allowed) }] };
        if (spec.endsWith('.css')) {
          // A package stylesheet (react-day-picker/style.css) joins the page's CSS in both modes.
          const found = await build.resolve(spec, { kind: args.kind, resolveDir: o.resolveDir, pluginData: { sproutSkip: true } });
          return found.errors.length ? { errors: [{ text: `Cannot find the stylesheet '${spec}'.` }] } : { path: found.path };
        }
        o.usedPackages.add(spec);
        if (o.mode === 'production') return undefined;
        try {
          await o.vendor.ensure(spec);
        } catch (err) {
          if (err instanceof VendorError) return { errors: [{ text: err.message }] };
          throw err;
        }
        return { path: spec, external: true };
      });

      build.onLoad({ filter: /.*/, namespace: PROJECT_NAMESPACE }, async (args) => {
        const content = o.files.get(args.path);
        if (content === undefined) return { errors: [{ text: `Cannot read ${args.path}.` }] };
        const extension = extensionOf(args.path);
        if (extension === 'css') return loadCss(o, args.path);
        const loader = LOADERS[extension];
        if (!loader) return { errors: [{ text: `Files of type .${extension || '(none)'} cannot be imported (${args.path}).` }] };
        return { contents: content, loader, resolveDir: o.resolveDir };
      });
    },
  };
}

async function loadCss(o: ProjectPluginOptions, path: string) {
  try {
    const css = inlineCssImports(o.files, path);
    if (!TAILWIND_FEATURES.test(css)) return { contents: css, loader: 'css' as const, resolveDir: o.resolveDir };
    const out = await o.tailwind.compile(css, path, o.candidates, { scope: o.scope, minify: o.mode === 'production' });
    return { contents: out, loader: 'css' as const, resolveDir: o.resolveDir };
  } catch (err) {
    if (err instanceof CssImportError) return { errors: [{ text: err.message, location: { file: err.file, line: err.line, column: 0 } }] };
    if (err instanceof TailwindError) {
      const at = /:(\d+):(\d+): /.exec(err.message);
      const text = err.message.replace(/^.*?:\d+:\d+: /, '');
      return { errors: [{ text, location: { file: path, line: at ? Number(at[1]) : 1, column: at ? Number(at[2]) - 1 : 0 } }] };
    }
    throw err;
  }
}
