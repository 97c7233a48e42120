import { extensionOf } from './project-files';
import { isBareSpecifier, parseBareSpecifier } from './specifiers';
import type { ProjectFile } from './types';

const CODE = new Set(['tsx', 'ts', 'jsx', 'js', 'mjs', 'cjs']);

// Static imports and re-exports, dynamic import() and require(): what a bundler would follow.
const IMPORTS = [
  /\b(?:import|export)\s+(?:type\s+)?(?:[\w$*{}\s,]+?\s+from\s+)?['"]([^'"\n]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g,
  /\brequire\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g,
];

function stripComments(code: string): string {
  // Block comments, and line comments that start a line: a `//` inside a string (a URL) is kept.
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/**
 * The npm packages a project's code imports (names, not subpaths), found without building, so a
 * project that does not build can still be exported with the right package.json.
 */
export function importedPackages(files: readonly ProjectFile[]): string[] {
  const names = new Set<string>();
  for (const file of files) {
    if (!CODE.has(extensionOf(file.path)) || file.path.endsWith('.d.ts')) continue;
    const code = stripComments(file.content);
    for (const re of IMPORTS) {
      for (const m of code.matchAll(re)) {
        const spec = m[1]!;
        if (!isBareSpecifier(spec)) continue;
        const parsed = parseBareSpecifier(spec);
        if (parsed) names.add(parsed.name);
      }
    }
  }
  return [...names].sort();
}
