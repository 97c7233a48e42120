import { GENERATED_NAME_MAX, nameFromTitle } from '../projects/project-names';
import { CONTROL_CHARS } from '../text/text';

/** The most bytes of a zip an import takes: a project is at most 8 MB of text, and zips carry other things too. */
export const MAX_IMPORT_ZIP_BYTES = 20 * 1024 * 1024;

const MAX_SOURCE_NAME = 80;
const clean = (text: string) => text.replace(new RegExp(CONTROL_CHARS.source, 'g'), '').trim();

/** A zip's file name as the person may be shown it: its last part, no control characters, bounded. */
export function zipFileName(name: string): string {
  const base = clean(name.split(/[\\/]/).pop() ?? '').slice(0, MAX_SOURCE_NAME);
  return base || 'project.zip';
}

/** Where a repository is, as the person may be shown it: host and path, without `.git` (the address was checked: no credentials). */
function repositoryLabel(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname.replace(/\/+$/, '').replace(/\.git$/, '')}`.slice(0, 200);
  } catch {
    return 'a git repository';
  }
}

/** The summary of an imported project's version: where it came from. */
export function importSummary(source: { url: string } | { fileName: string }): string {
  return 'url' in source ? `Imported from ${repositoryLabel(source.url)}` : `Imported from ${zipFileName(source.fileName)}`;
}

/**
 * What to call an imported project the person gave no name: the app's own title (index.html), else
 * the repository's or zip's name in words (`my-todo-app.zip` → "My todo app"); null when neither
 * names anything (then it gets a default name).
 */
export function importedName(indexHtml: string | undefined, source: { url: string } | { fileName: string }): string | null {
  const title = nameFromTitle(indexHtml);
  if (title) return title;
  const raw = 'url' in source ? repositoryLabel(source.url).split('/').pop()! : zipFileName(source.fileName);
  const words = clean(raw.replace(/\.zip$/i, '').replace(/[-_.\s]+/g, ' '))
    .slice(0, GENERATED_NAME_MAX)
    .trim();
  if (words.length < 2 || !/[\p{L}\p{N}]/u.test(words) || /[<>{}]/.test(words)) return null;
  return words.charAt(0).toLocaleUpperCase('en') + words.slice(1);
}
