import { extensionOf } from '../project-files';
import type { BuildMessage } from '../types';
import { locateSpecifier, resolveImport, type ImportTarget, type ResolveContext } from './resolve-import';
import { MODULE_LOADERS, type ModuleTransformer, type TransformedModule } from './transform-module';

/** A module of the page's graph: its transform and what each of its imports resolved to. */
export interface LinkedModule {
  path: string;
  module: TransformedModule;
  /** One per `module.analysis.imports`, in the same order. */
  targets: ImportTarget[];
  /** Per import index: names of a re-export to drop (types re-exported from a TypeScript file). */
  dropped: Map<number, Set<string>>;
}

export interface LinkedGraph {
  /** Every module reachable from the entries (static and dynamic imports), entries first. */
  modules: Map<string, LinkedModule>;
  /** Bare specifiers the modules import (for the import map). */
  packages: Set<string>;
  errors: BuildMessage[];
  warnings: BuildMessage[];
}

/**
 * Transforms and resolves every module reachable from `entries`, then checks that each named
 * import exists in the module it names (what a bundler would refuse and a browser would fail to
 * link). Files nobody imports are not part of the page, as in the bundled build.
 */
export async function linkModules(ctx: ResolveContext, transformer: ModuleTransformer, entries: readonly string[]): Promise<LinkedGraph> {
  const graph: LinkedGraph = { modules: new Map(), packages: new Set(), errors: [], warnings: [] };
  // Each module is loaded once; a module starts loading what it imports and does not wait for it,
  // so modules importing each other (a cycle) cannot wait for one another.
  const started = new Map<string, Promise<void>>();
  const visit = (path: string): void => {
    if (started.has(path)) return;
    const loading = load(path);
    // Awaited in order below; a failure of the machinery surfaces there, never unhandled.
    loading.catch(() => undefined);
    started.set(path, loading);
  };
  const load = async (path: string): Promise<void> => {
    const content = ctx.files.get(path) ?? '';
    const outcome = await transformer.transform(path, content, MODULE_LOADERS[extensionOf(path)] ?? 'js');
    graph.warnings.push(...(outcome.ok ? outcome.module.warnings : outcome.warnings));
    if (!outcome.ok) {
      graph.errors.push(...outcome.errors);
      return;
    }
    const { imports } = outcome.module.analysis;
    const targets = await Promise.all(imports.map((i) => resolveImport(ctx, i.spec, path)));
    graph.modules.set(path, { path, module: outcome.module, targets, dropped: new Map() });
    targets.forEach((target, i) => {
      if (target.kind === 'error') graph.errors.push({ file: path, ...locateSpecifier(content, imports[i]!.spec), message: target.message });
      else if (target.kind === 'package') graph.packages.add(target.spec);
      else if (target.kind === 'module') visit(target.path);
    });
  };
  // Every code file starts transforming at once (esbuild works on them in parallel), rather than
  // level by level as imports are found; a file that is not part of the page costs one transform,
  // once per content. Its failure, if any, is reported by the visit of a module that imports it.
  for (const path of ctx.files.paths()) {
    const loader = MODULE_LOADERS[extensionOf(path)];
    if (loader && path.startsWith('client/') && !path.startsWith('client/public/'))
      transformer.transform(path, ctx.files.get(path)!, loader).catch(() => undefined);
  }
  for (const entry of entries) visit(entry);
  // Loads add loads as they find imports: wait until every one started has ended.
  const loads = started.values();
  for (let next = loads.next(); !next.done; next = loads.next()) await next.value;
  // Entries first, then the order modules were met, so messages and the page read naturally.
  const ordered = new Map<string, LinkedModule>();
  for (const path of started.keys()) {
    const m = graph.modules.get(path);
    if (m) ordered.set(path, m);
  }
  graph.modules = ordered;
  if (graph.errors.length === 0) checkNames(ctx, graph);
  return graph;
}

/** Named imports that the imported project module does not export. */
function checkNames(ctx: ResolveContext, graph: LinkedGraph): void {
  const exportsOf = exportLister(graph);
  for (const m of graph.modules.values()) {
    m.module.analysis.imports.forEach((imp, i) => {
      const target = m.targets[i]!;
      if (imp.kind === 'dynamic') return;
      if (target.kind === 'style' || target.kind === 'package-style') {
        if (imp.names.length > 0)
          graph.errors.push({
            file: m.path,
            ...locateSpecifier(ctx.files.get(m.path) ?? '', imp.spec),
            message: `No matching export in "${target.kind === 'style' ? target.path : target.spec}" for import "${imp.names[0]}"`,
          });
        return;
      }
      if (target.kind !== 'module') return;
      const available = exportsOf(target.path);
      if (available === null) return;
      const missing = imp.names.filter((n) => n !== '*' && !available.has(n));
      if (missing.length === 0) return;
      // As when bundling: a name a TypeScript file does not export at run time, which the module only
      // passes on (`export { Task } from './types'`), is a type: it is left out.
      const passedOn = (name: string) => imp.kind === 'reexport' || imp.bindings?.some((b) => b.imported === name && b.passedOn);
      if (/\.tsx?$/.test(target.path) && missing.every(passedOn)) {
        m.dropped.set(i, new Set(missing));
        return;
      }
      graph.errors.push({
        file: m.path,
        ...locateSpecifier(ctx.files.get(m.path) ?? '', imp.spec),
        message: `No matching export in "${target.path}" for import "${missing[0]}"`,
      });
    });
  }
}

/**
 * A module's export names, `export *` followed; null when one of them comes from a package (unknown).
 * Iterative, so a long chain of re-exports cannot exhaust the stack; a cycle of `export *` adds
 * nothing more once its first module is being listed.
 */
function exportLister(graph: LinkedGraph): (path: string) => Set<string> | null {
  const memo = new Map<string, Set<string> | null>();
  const starTargets = (path: string): (string | null)[] => {
    const m = graph.modules.get(path)!;
    return m.module.analysis.imports.flatMap((imp, i) => {
      if (imp.kind !== 'reexport' || !m.module.analysis.starExports.includes(imp.spec) || imp.names[0] !== '*') return [];
      const target = m.targets[i]!;
      return [target.kind === 'module' ? target.path : null];
    });
  };
  return (root) => {
    if (memo.has(root)) return memo.get(root)!;
    if (!graph.modules.has(root)) return null;
    const active = new Set<string>([root]);
    const stack: { path: string; targets: (string | null)[]; next: number }[] = [{ path: root, targets: starTargets(root), next: 0 }];
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      const target = frame.targets[frame.next];
      if (frame.next < frame.targets.length && target && !memo.has(target) && !active.has(target) && graph.modules.has(target)) {
        active.add(target);
        stack.push({ path: target, targets: starTargets(target), next: 0 });
        continue;
      }
      if (frame.next < frame.targets.length) {
        frame.next += 1;
        continue;
      }
      stack.pop();
      active.delete(frame.path);
      let names: Set<string> | null = new Set(graph.modules.get(frame.path)!.module.analysis.exports);
      for (const t of frame.targets) {
        // A package may export anything (unknown); a module of a cycle still being listed adds nothing more.
        const inner = t === null || !graph.modules.has(t) ? null : memo.has(t) ? memo.get(t)! : new Set<string>();
        if (inner === null) {
          names = null;
          break;
        }
        for (const n of inner) if (n !== 'default') names.add(n);
      }
      memo.set(frame.path, names);
    }
    return memo.get(root) ?? null;
  };
}
