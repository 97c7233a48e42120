import { CONTROL_CHARS } from '../text/text';

// Files of a generated React + Vite project, its assets and fonts. Exact lower-case match: the
// bundler picks loaders by extension and we never guess what 'App.TSX' was meant to be.
export const ALLOWED_EXTENSIONS = Object.freeze([
  'ts',
  'tsx',
  'js',
  'jsx',
  'mjs',
  'cjs',
  'css',
  'html',
  'json',
  'md',
  'txt',
  'svg',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'avif',
  'ico',
  'woff',
  'woff2',
] as const);

/** The only names starting with a dot that a project may hold, and only at its root. */
export const ALLOWED_DOTFILES = Object.freeze(['.gitignore', '.prettierrc', '.env.example'] as const);

export const FILE_LIMITS = Object.freeze({
  maxPathLength: 200,
  maxSegmentLength: 100,
  maxFileBytes: 512 * 1024,
  maxFiles: 500,
  maxTotalBytes: 8 * 1024 * 1024,
});

export type PathCheck = { ok: true; path: string } | { ok: false; reason: string };

// Characters Windows cannot store or that break URLs when the file is served; '%' because
// something along the way may decode '%2e%2e%2f' into '../'.
const FORBIDDEN_CHARS = /[:*?"<>|#%]/;
// Invisible formatting characters make two different paths look the same.
const FORMAT_CHARS = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFEFF]/;
// An exported project must unpack on Windows too.
const WINDOWS_RESERVED = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])(?:\..*)?$/i;

const fail = (reason: string): PathCheck => ({ ok: false, reason });

function checkSegment(segment: string, isLast: boolean, isRoot: boolean): string | null {
  if (segment === '') return 'Path must not contain empty parts (//) or end with /';
  if (segment === '.' || segment === '..') return 'Path must not contain . or .. parts';
  if (segment === '~') return 'Path must be relative to the project root';
  if (segment.length > FILE_LIMITS.maxSegmentLength) {
    return `Each folder or file name must be at most ${FILE_LIMITS.maxSegmentLength} characters`;
  }
  if (segment.toLowerCase() === 'node_modules') return 'Path must not be inside node_modules';
  if (segment.startsWith('.')) {
    const allowed = isLast && isRoot && (ALLOWED_DOTFILES as readonly string[]).includes(segment);
    return allowed ? null : `Hidden files and folders are not allowed (only ${ALLOWED_DOTFILES.join(', ')} at the root)`;
  }
  if (segment !== segment.trim() || segment.endsWith('.')) {
    return 'File and folder names must not start or end with a space or end with a dot';
  }
  if (WINDOWS_RESERVED.test(segment)) return `"${segment}" is a reserved file name`;
  return null;
}

function checkExtension(fileName: string): string | null {
  if (fileName.startsWith('.')) return null;
  const dot = fileName.lastIndexOf('.');
  const extension = dot === -1 ? '' : fileName.slice(dot + 1);
  if ((ALLOWED_EXTENSIONS as readonly string[]).includes(extension)) return null;
  return extension === '' ? `File name must end with an allowed extension (${ALLOWED_EXTENSIONS.join(', ')})` : `Files of type .${extension} are not allowed`;
}

/**
 * Checks a path inside a project: relative, forward slashes, no traversal, nothing hidden, an
 * allowed file type. The path is returned unchanged when valid and refused otherwise, never repaired.
 */
export function validateProjectPath(path: unknown): PathCheck {
  if (typeof path !== 'string') return fail('Path must be a string');
  if (path === '') return fail('Path must not be empty');
  if (path.length > FILE_LIMITS.maxPathLength) {
    return fail(`Path must be at most ${FILE_LIMITS.maxPathLength} characters`);
  }
  if (CONTROL_CHARS.test(path)) return fail('Path must not contain control characters');
  if (path.includes('\\')) return fail('Path must use forward slashes (/)');
  if (path.startsWith('/') || /^[a-z]:/i.test(path)) return fail('Path must be relative to the project root');
  if (FORBIDDEN_CHARS.test(path)) return fail('Path must not contain any of : * ? " < > | # %');
  if (FORMAT_CHARS.test(path)) return fail('Path must not contain invisible formatting characters');
  const segments = path.split('/');
  for (const [i, segment] of segments.entries()) {
    const reason = checkSegment(segment, i === segments.length - 1, segments.length === 1);
    if (reason) return fail(reason);
  }
  const reason = checkExtension(segments[segments.length - 1]!);
  return reason ? fail(reason) : { ok: true, path };
}

/**
 * Another of `paths` that differs from `path` only in case (none when `path` itself is there):
 * an exported project must unpack on case-insensitive disks (macOS, Windows), where they are one file.
 */
export function caseTwin(paths: Iterable<string>, path: string, except?: string): string | undefined {
  const list = [...paths];
  if (list.includes(path)) return undefined;
  const lower = path.toLowerCase();
  return list.find((other) => other !== except && other.toLowerCase() === lower);
}
