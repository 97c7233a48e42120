import { FILE_LIMITS, validateProjectPath } from './project-paths';

export type ProjectFileInput = { name: string; content: string };

/** index -1 marks a problem with the set as a whole (too many files, too large in total). */
export type ProjectFileError = { index: number; path: string; reason: string };

export type ProjectFilesCheck = { ok: true } | { ok: false; errors: ProjectFileError[] };

const encoder = new TextEncoder();

/** Size of the text as stored (UTF-8); lone surrogates count as the 3 bytes of U+FFFD they become. */
export function utf8ByteLength(text: string): number {
  return encoder.encode(text).length;
}

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`);

/**
 * Checks a whole set of project files: each path, each size, the count, the total size, and
 * duplicates. Duplicates are compared case-insensitively because an exported project must unpack
 * on case-insensitive file systems (macOS, Windows) without one file overwriting another.
 */
export function validateProjectFiles(files: ProjectFileInput[]): ProjectFilesCheck {
  if (!Array.isArray(files)) return { ok: false, errors: [{ index: -1, path: '', reason: 'Files must be a list' }] };
  if (files.length > FILE_LIMITS.maxFiles) {
    // Stop here: a hostile list of a million entries should not be walked.
    return { ok: false, errors: [{ index: -1, path: '', reason: `A project can hold at most ${FILE_LIMITS.maxFiles} files` }] };
  }
  const errors: ProjectFileError[] = [];
  const seen = new Map<string, number>();
  let total = 0;
  files.forEach((file, index) => {
    const name: unknown = typeof file === 'object' && file !== null ? file.name : undefined;
    const content: unknown = typeof file === 'object' && file !== null ? file.content : undefined;
    const path = typeof name === 'string' ? name : '';
    const error = (reason: string) => errors.push({ index, path, reason });
    const check = validateProjectPath(name);
    if (!check.ok) error(check.reason);
    if (typeof content !== 'string') return error('File content must be text');
    // A UTF-8 encoding is never shorter than the UTF-16 length, so huge strings are refused unread.
    const bytes = content.length > FILE_LIMITS.maxFileBytes ? Infinity : utf8ByteLength(content);
    if (bytes > FILE_LIMITS.maxFileBytes) error(`File is larger than ${size(FILE_LIMITS.maxFileBytes)}`);
    else total += bytes;
    if (!check.ok) return;
    const key = path.toLowerCase();
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else error(`Another file (at index ${first}) has the same path`);
  });
  if (total > FILE_LIMITS.maxTotalBytes) {
    errors.push({ index: -1, path: '', reason: `Project files must total at most ${size(FILE_LIMITS.maxTotalBytes)}` });
  }
  return errors.length === 0 ? { ok: true } : { ok: false, errors };
}
