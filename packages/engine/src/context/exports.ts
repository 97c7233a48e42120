// Names a module exports, found by reading it (no parser: good enough for a file map and for
// knowing which UI components exist, and it never throws on broken code).

const DECLARED = /\bexport\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:function\s*\*?|class|const|let|var|interface|type|enum)\s+([A-Za-z_$][\w$]*)/g;
const LISTED = /\bexport\s+(?:type\s+)?\{([^}]*)\}/g;
const DEFAULT = /\bexport\s+default\b/;

export function exportsOf(code: string): string[] {
  const names = new Set<string>();
  for (const m of code.matchAll(DECLARED)) names.add(m[1]!);
  for (const m of code.matchAll(LISTED)) {
    for (const part of m[1]!.split(',')) {
      const item = part.replace(/^\s*type\s+/, '').trim();
      if (!item) continue;
      const alias = /\bas\s+([A-Za-z_$][\w$]*)$/.exec(item);
      names.add(alias ? alias[1]! : item.split(/\s+/)[0]!);
    }
  }
  if (DEFAULT.test(code) && ![...code.matchAll(/\bexport\s+default\s+(?:async\s+)?(?:function|class)\s+[A-Za-z_$]/g)].length) names.add('default');
  return [...names];
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
    out.push({ module: `@/components/ui/${m[1]}`, path, exports: exportsOf(content).filter((n) => n !== 'default') });
  }
  return out.sort((a, b) => a.module.localeCompare(b.module));
}
