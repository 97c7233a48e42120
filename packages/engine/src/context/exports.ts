import { exportedNames } from '../syntax/module-references';
import { parseModule } from '../syntax/parse-module';

/**
 * Names a module exports, for a file map and for knowing which UI components exist: a default export
 * declared with a name (`export default function App`) shows that name. Code that does not parse
 * exports nothing; this never throws.
 */
export function exportsOf(code: string, path = 'module.tsx'): string[] {
  const tree = parseModule(path, code);
  if (!tree) return [];
  const { names, defaultName } = exportedNames(tree);
  return defaultName ? names.map((n) => (n === 'default' ? defaultName : n)) : names;
}

export const UI_DIR = 'client/src/components/ui/';

export interface UiModule {
  /** The import specifier: `@/components/ui/button`. */
  module: string;
  path: string;
  exports: string[];
}

/** The project's UI components (shadcn-style files under client/src/components/ui). */
export function uiModules(files: ReadonlyMap<string, string>): UiModule[] {
  const out: UiModule[] = [];
  for (const [path, content] of files) {
    const m = /^client\/src\/components\/ui\/([\w-]+)\.tsx?$/.exec(path);
    if (!m) continue;
    out.push({ module: `@/components/ui/${m[1]}`, path, exports: exportsOf(content, path).filter((n) => n !== 'default') });
  }
  return out.sort((a, b) => a.module.localeCompare(b.module));
}
