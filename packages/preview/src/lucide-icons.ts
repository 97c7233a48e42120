import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { PROJECT_NAMESPACE } from './build-messages';
import { extensionOf } from './project-files';
import type { ProjectFile } from './types';

const indexes = new Map<string, Map<string, string> | null>();

/** Icon export name → its module file, from lucide-react's ESM index (null when it cannot be read). */
function iconIndex(resolveDir: string): Map<string, string> | null {
  if (!indexes.has(resolveDir)) {
    let index: Map<string, string> | null = null;
    try {
      const root = path.dirname(createRequire(path.join(resolveDir, 'x.js')).resolve('lucide-react/package.json'));
      const source = readFileSync(path.join(root, 'dist/esm/lucide-react.mjs'), 'utf8');
      index = new Map();
      for (const m of source.matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+\.mjs)'/g)) {
        for (const part of m[1]!.split(',')) {
          const alias = /default as (\w+)/.exec(part)?.[1];
          if (alias) index.set(alias, path.join(root, 'dist/esm', m[2]!));
        }
      }
    } catch {
      index = null;
    }
    indexes.set(resolveDir, index);
  }
  return indexes.get(resolveDir)!;
}

const NAMED = /\bimport\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g;
const ANY = /['"]lucide-react['"]/g;

/**
 * The icons a project imports from lucide-react, when every import is a plain named import of an
 * icon; otherwise null (the whole package is bundled as usual).
 */
export function importedIcons(files: readonly ProjectFile[], index: Map<string, string>): Map<string, string> | null {
  const used = new Map<string, string>();
  for (const file of files) {
    if (!['tsx', 'ts', 'jsx', 'js', 'mjs'].includes(extensionOf(file.path))) continue;
    const named = [...file.content.matchAll(NAMED)];
    if ((file.content.match(ANY)?.length ?? 0) !== named.length) return null;
    for (const m of named) {
      for (const part of m[1]!.split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!
          .trim();
        if (!name) continue;
        const module = index.get(name);
        if (!module) return null;
        used.set(name, module);
      }
    }
  }
  return used;
}

/**
 * Production builds only: lucide-react's entry re-exports ~2000 icon modules that esbuild must all
 * parse (about half a second) before tree-shaking drops them. Pointing the import at the icons the
 * project uses gives the same bundle without the wait.
 */
export function lucideIconsPlugin(files: readonly ProjectFile[], resolveDir: string): Plugin | null {
  const index = iconIndex(resolveDir);
  const icons = index && importedIcons(files, index);
  if (!icons) return null;
  const contents = [...icons].map(([name, file]) => `export { default as ${name} } from ${JSON.stringify(file)};`).join('\n');
  return {
    name: 'sprout-lucide-icons',
    setup(build) {
      build.onResolve({ filter: /^lucide-react$/ }, (args) =>
        args.namespace === PROJECT_NAMESPACE ? { path: 'lucide-react', namespace: 'lucide-icons' } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'lucide-icons' }, () => ({ contents, loader: 'js', resolveDir }));
    },
  };
}
