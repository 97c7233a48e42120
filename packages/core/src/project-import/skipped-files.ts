import { CONTROL_CHARS } from '../text/text';

/** A file (or a whole folder, its path ending in `/`) that was not imported, and why in plain words. */
export interface SkippedFile {
  path: string;
  reason: string;
}

/** The most skipped entries an answer lists; the rest are counted in one last entry. */
const MAX_SKIPPED_LISTED = 200;
const MAX_SHOWN_PATH = 160;

/** A path as it may be shown back: control characters replaced, long ones shortened (a name is anyone's input). */
export function shownPath(path: string): string {
  const clean = path.replace(new RegExp(CONTROL_CHARS.source, 'g'), '\uFFFD');
  return clean.length > MAX_SHOWN_PATH ? `${clean.slice(0, MAX_SHOWN_PATH - 1)}…` : clean;
}

/**
 * What an import leaves out, as it is told to the person: one entry per file, except for folders left
 * out whole (node_modules/, .git/, a server folder…), which are one entry each however many files
 * they hold.
 */
export class SkippedList {
  private readonly entries: SkippedFile[] = [];
  private readonly folders = new Set<string>();

  file(path: string, reason: string): void {
    this.entries.push({ path: shownPath(path), reason });
  }

  /** `folder` without its trailing slash. */
  folder(folder: string, reason: string): void {
    if (this.folders.has(folder)) return;
    this.folders.add(folder);
    this.entries.push({ path: `${shownPath(folder)}/`, reason });
  }

  get size(): number {
    return this.entries.length;
  }

  /** The entries, at most `max`; past it, a last entry counts the others. */
  list(max = MAX_SKIPPED_LISTED): SkippedFile[] {
    if (this.entries.length <= max) return [...this.entries];
    const rest = this.entries.length - (max - 1);
    return [...this.entries.slice(0, max - 1), { path: '…', reason: `${rest} more files or folders were not imported.` }];
  }
}
