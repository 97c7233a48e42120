import { createHash } from 'node:crypto';
import { bridgeScript } from './bridge';
import type { CompileContext, CompileOptions } from './compile-project';
import { hmrClient } from './hmr/hmr-client';
import type { Lru } from './lru';
import { assemblePage, extractEntries, INDEX_HTML } from './html';
import { pageText, withoutPageText } from './page-text';
import { ModuleEmitter } from './modules/emit-module';
import { JSX_DEV_RUNTIME, jsxLocations } from './modules/jsx-locations';
import { linkModules, type LinkedGraph } from './modules/link-modules';
import { moduleNames } from './modules/module-names';
import { compileStyles, type StyleSource } from './modules/page-styles';
import type { ModuleTransformer } from './modules/transform-module';
import { contentTypeOf, ProjectFiles, PUBLIC_ROOT } from './project-files';
import type { BuildResult, BuiltAsset, PreviewManifest, ProjectFile } from './types';

export interface ModulesContext extends CompileContext {
  transformer: ModuleTransformer;
  emitter: ModuleEmitter;
  /** The stylesheets of each scope's last page: compiled while its modules link, when they are likely the same. */
  lastStyles: Lru<string, StyleSource[]>;
}

const encoder = new TextEncoder();

/**
 * A preview page with unbundled modules: each project module transformed on its own (cached by
 * content), served under a content name from `assetBase`, packages through the import map, the
 * stylesheets as links, and the hot update client first. Never throws for problems in the project.
 */
export async function compileModules(ctx: ModulesContext, input: readonly ProjectFile[], options: CompileOptions): Promise<BuildResult> {
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
  const failure = (errors: BuildResult['warnings'], warnings: BuildResult['warnings'] = []): BuildResult => ({
    ok: false,
    mode: 'preview',
    errors,
    warnings,
    durationMs: elapsed(),
  });
  const files = new ProjectFiles(input);
  const page = extractEntries(files);
  if ('error' in page) return failure([{ file: INDEX_HTML, line: null, column: null, message: page.error }]);
  // linkModules hands the changed files to esbuild before it returns; meanwhile this thread
  // compiles the stylesheets the page had last time (Tailwind's share of a one-file edit).
  const linking = linkModules({ files, allowed: ctx.allowed, resolveDir: ctx.resolveDir, vendor: ctx.vendor }, ctx.transformer, page.entries);
  const styleContext = { files, tailwind: ctx.tailwind, candidates: ctx.tailwind.candidatesOf(files), scope: options.scope };
  const guess = options.scope === undefined ? undefined : ctx.lastStyles.get(options.scope);
  const early = guess ? compileStyles(styleContext, guess) : null;
  const graph = await linking;
  if (graph.errors.length > 0) {
    early?.catch(() => undefined);
    return failure(graph.errors, graph.warnings);
  }

  const order = pageOrder(graph, page.entries);
  // Project modules take JSX from the preview's runtime (element locations), which takes React's.
  const served = new Map([[JSX_DEV_RUNTIME, jsxLocations.name]]);
  const names = moduleNames(graph.modules, served);
  const guessed = early && guess && JSON.stringify(guess) === JSON.stringify(order.styles);
  if (early && !guessed) early.catch(() => undefined);
  const css = guessed ? await early : await compileStyles(styleContext, order.styles);
  if (css.errors.length > 0) return failure(css.errors, graph.warnings);
  if (options.scope !== undefined) ctx.lastStyles.set(options.scope, order.styles);
  const hmr = await hmrClient();

  const assets = new Map<string, BuiltAsset>([
    [hmr.name, hmr.asset],
    [jsxLocations.name, jsxLocations.asset],
  ]);
  const modules: PreviewManifest['modules'] = {};
  for (const path of order.modules) {
    const m = graph.modules.get(path)!;
    const { name, own } = names.get(path)!;
    const out = ctx.emitter.emit(m, names, served);
    assets.set(name, out.code);
    assets.set(`${name}.map`, out.map);
    modules[path] = { name, own, deps: m.targets.flatMap((t) => (t.kind === 'module' ? [t.path] : [])) };
  }
  for (const style of css.styles) assets.set(style.name, style.asset);

  const vendorSpecifiers = graph.packages.size > 0 ? await ctx.vendor.closure(graph.packages) : [];
  const vendorBase = `${options.vendorBase ?? '/_sprout/vendor/'}${ctx.vendor.key}/`;
  // Every allowed package's root is mapped too (its file is built when first asked for): an import
  // map cannot grow once modules have loaded, so this lets a later version start using a package
  // without reloading the page.
  const mapped = [...new Set([...vendorSpecifiers, ...Object.keys(ctx.allowed)])];
  const importMap = Object.fromEntries(mapped.map((s) => [s, vendorBase + ctx.vendor.fileName(s)]));
  const manifest: PreviewManifest = {
    version: options.version ?? null,
    base: options.assetBase,
    html: createHash('sha256').update(withoutPageText(page.html)).digest('hex').slice(0, 20),
    ...pageText(page.html),
    entries: page.entries,
    modules,
    styles: css.styles.map((s) => ({ id: s.id, name: s.name })),
    packages: mapped,
  };
  const assembled = assemblePage(page.html, {
    headScripts: options.bridgeOrigin ? [bridgeScript(options.bridgeOrigin)] : [],
    importMap,
    data: [{ id: 'sprout-manifest', value: manifest }],
    stylesheets: [],
    namedStylesheets: css.styles.map((s) => ({ id: s.id, href: options.assetBase + s.name })),
    preloads: [
      ...vendorSpecifiers.map((s) => importMap[s]!),
      options.assetBase + jsxLocations.name,
      ...order.staticModules.map((p) => options.assetBase + modules[p]!.name),
    ],
    modules: [options.assetBase + hmr.name, ...page.entries.map((p) => options.assetBase + modules[p]!.name)],
  });
  return {
    ok: true,
    mode: 'preview',
    html: assembled.html,
    assets,
    publicFiles: publicFilesOf(files),
    scriptHashes: assembled.scriptHashes,
    vendorSpecifiers,
    warnings: graph.warnings,
    durationMs: elapsed(),
    manifest,
  };
}

/**
 * Modules and stylesheets in the order the browser evaluates them (imports before importers, in
 * import order), as the bundled build orders its CSS; modules only imported dynamically come last.
 * Iterative: a long chain of imports cannot exhaust the stack.
 */
function pageOrder(graph: LinkedGraph, entries: readonly string[]) {
  const modules: string[] = [];
  const styles: StyleSource[] = [];
  const seen = new Set<string>();
  const seenStyles = new Set<string>();
  const dynamic: string[] = [];
  const visit = (root: string) => {
    if (seen.has(root)) return;
    seen.add(root);
    const stack: { path: string; next: number }[] = [{ path: root, next: 0 }];
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      const m = graph.modules.get(frame.path);
      const imports = m?.module.analysis.imports ?? [];
      if (!m || frame.next >= imports.length) {
        stack.pop();
        if (m) modules.push(frame.path);
        continue;
      }
      const i = frame.next++;
      const target = m.targets[i]!;
      if (target.kind === 'module') {
        if (imports[i]!.kind === 'dynamic') dynamic.push(target.path);
        else if (!seen.has(target.path)) {
          seen.add(target.path);
          stack.push({ path: target.path, next: 0 });
        }
      } else if (target.kind === 'style' || target.kind === 'package-style') {
        const id = target.kind === 'style' ? target.path : target.spec;
        if (!seenStyles.has(id)) {
          seenStyles.add(id);
          styles.push(target);
        }
      }
    }
  };
  for (const entry of entries) visit(entry);
  const staticModules = [...modules];
  while (dynamic.length > 0) visit(dynamic.shift()!);
  return { modules, staticModules, styles };
}

function publicFilesOf(files: ProjectFiles): Map<string, BuiltAsset> {
  const out = new Map<string, BuiltAsset>();
  for (const [file, content] of files.entries()) {
    if (!file.startsWith(`${PUBLIC_ROOT}/`)) continue;
    const name = file.slice(PUBLIC_ROOT.length + 1);
    out.set(name, { contentType: contentTypeOf(name), body: encoder.encode(content) });
  }
  return out;
}
