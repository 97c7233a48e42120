import { FILE_LIMITS } from '../projects/project-paths';

/** One file of a project to import, as its archive or repository lists it (before it is read). */
export interface ImportEntry {
  /** As written in the archive or tree: anyone's input, checked before any use. */
  path: string;
  /** Bytes, as listed (a zip's directory, git's tree). */
  size: number;
  /** A symbolic link or a submodule is listed but never read. */
  kind?: 'file' | 'symlink' | 'submodule';
}

/** Why a file is left out, and the folder the reason covers whole (without its trailing slash), if any. */
export interface SkipRule {
  reason: string;
  folder?: string;
}

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

// Folders that are made, fetched or kept by tools, never written by the person.
const TOOL_FOLDERS: Record<string, string> = {
  node_modules: 'Installed packages: Sprout provides the packages it offers itself.',
  '.git': "Git's own data: the files are imported, not their history.",
  __MACOSX: 'Finder metadata that macOS adds to zip files.',
};
// Build output, anywhere outside the source folder: what a build made, not what it was made from.
const BUILD_FOLDERS = new Set(['dist', 'build', 'out', 'coverage', 'storybook-static']);
const LOCK_FILES = new Set(['package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', 'bun.lock', 'bun.lockb']);
const SYSTEM_FILES = new Set(['.ds_store', 'thumbs.db', 'desktop.ini']);
// Images and fonts are bytes, not text: a version holds text files only (SVG is text and is kept).
const BINARY_EXTENSIONS = /\.(?:png|jpe?g|gif|webp|avif|ico|bmp|tiff?|woff2?|ttf|otf|eot|mp3|mp4|webm|wav|ogg|pdf|zip|gz|wasm)$/i;

/**
 * Why a listed file is not imported whatever the project's layout, or null: tool folders, build
 * output, lock files, files that may hold secrets, links, submodules, binaries and files over the
 * size limit. The path's own validity is checked later, where it lands in the project.
 */
export function skipRule(entry: ImportEntry): SkipRule | null {
  const parts = entry.path.split('/');
  for (const [i, part] of parts.slice(0, -1).entries()) {
    const folder = parts.slice(0, i + 1).join('/');
    const tool = Object.hasOwn(TOOL_FOLDERS, part) ? TOOL_FOLDERS[part] : undefined;
    if (tool) return { reason: tool, folder };
    if (BUILD_FOLDERS.has(part) && !parts.slice(0, i).includes('src')) return { reason: 'Build output: Sprout builds the app itself.', folder };
  }
  const name = parts.at(-1)!;
  if (LOCK_FILES.has(name)) return { reason: 'A lock file: Sprout pins the versions of the packages it offers.' };
  if (SYSTEM_FILES.has(name.toLowerCase())) return { reason: 'A file the operating system adds to folders.' };
  if (/^\.env(?:\..*)?$/.test(name) && name !== '.env.example') {
    return { reason: 'It may hold secrets, so it is never imported. Add the keys the app needs as its secrets in Sprout.' };
  }
  if (entry.kind === 'symlink') return { reason: 'A symbolic link: Sprout projects hold plain files only.' };
  if (entry.kind === 'submodule') return { reason: 'A submodule (another repository): Sprout projects hold plain files only.' };
  if (BINARY_EXTENSIONS.test(name)) return { reason: 'An image, font or other binary file: Sprout projects hold text files only (SVG images are kept).' };
  // A size that is not a number is as good as too large: nothing unknown is read.
  if (!(entry.size <= FILE_LIMITS.maxFileBytes)) {
    return { reason: `Larger than ${kb(FILE_LIMITS.maxFileBytes)}${Number.isFinite(entry.size) ? ` (${kb(entry.size)})` : ''}.` };
  }
  return null;
}
