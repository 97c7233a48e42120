import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface TemplateFile {
  /** Path relative to the project root, forward slashes: a template file is an entry of name and content. */
  name: string;
  content: string;
}

const ROOT = fileURLToPath(new URL('../files', import.meta.url));

function walk(dir: string, out: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

let cache: readonly TemplateFile[] | undefined;

/**
 * The starter project every new sprout without files begins from. The files are real files under
 * `files/` (so they can be edited, linted and built as a project) read once and cached.
 */
export function starterFiles(): TemplateFile[] {
  cache ??= Object.freeze(
    walk(ROOT, [])
      .map((full) => ({
        name: path.relative(ROOT, full).split(path.sep).join('/'),
        content: readFileSync(full, 'utf8'),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  );
  return cache.map((f) => ({ ...f }));
}
