import { FILE_LIMITS, validateProjectPath } from '../projects/project-paths';
import { findAppRoot, notAnAppReason, wrapperFolder, type AppLayout } from './find-app-root';
import { placeInLayout } from './layout-map';
import { skipRule, type ImportEntry } from './skip-rules';
import { SkippedList } from './skipped-files';

/** A file to read (`from`, as listed) and where it lands in the project (`to`); `shown`: its path as the person is told it. */
export interface ImportRead {
  from: string;
  to: string;
  shown: string;
}

/** Why an import makes no project: nothing Sprout can run, or more than a project may hold. */
export type ImportFailure = { ok: false; reason: 'not_a_project' | 'too_large'; message: string };

export type ImportPlan = { ok: true; layout: AppLayout; folder: string; reads: ImportRead[]; skipped: SkippedList } | ImportFailure;

const MB = 1024 * 1024;

/** Leaves out macOS's `__MACOSX/` folder, then the one folder everything is in (an export's, GitHub's download's). */
function unwrap(entries: readonly ImportEntry[], skipped: SkippedList): { entry: ImportEntry; path: string }[] {
  const listed = entries.filter((e) => {
    if (!e.path.startsWith('__MACOSX/')) return true;
    skipped.folder('__MACOSX', 'Finder metadata that macOS adds to zip files.');
    return false;
  });
  const wrapper = wrapperFolder(listed.map((e) => e.path));
  return listed.map((entry) => ({ entry, path: entry.path.slice(wrapper.length) }));
}

/**
 * The first step of an import, from the list of files alone (nothing read yet): finds the app
 * (findAppRoot), leaves out what no project keeps (skipRule) and what lies outside the app or
 * Sprout's layout (placeInLayout), checks each path where it lands with the rule every version
 * follows (`validateProjectPath`), drops duplicates and case twins, and refuses more files or bytes
 * than a project may hold. Never throws: every entry is anyone's input.
 */
export function planImport(entries: readonly ImportEntry[]): ImportPlan {
  const skipped = new SkippedList();
  const usable: { entry: ImportEntry; path: string }[] = [];
  for (const item of unwrap(
    entries.filter((e) => typeof e?.path === 'string'),
    skipped,
  )) {
    const rule = skipRule({ ...item.entry, path: item.path });
    if (!rule) usable.push(item);
    else if (rule.folder) skipped.folder(rule.folder, rule.reason);
    else skipped.file(item.path, rule.reason);
  }
  const root = findAppRoot(usable.map((u) => u.path));
  if (!root) return { ok: false, reason: 'not_a_project', message: notAnAppReason(usable.map((u) => u.path)) };
  const reads: ImportRead[] = [];
  const taken = new Map<string, string>();
  let bytes = 0;
  for (const { entry, path } of usable) {
    if (!path.startsWith(root.folder)) {
      const outside = `Outside the app's folder (${root.folder}).`;
      if (path.includes('/')) skipped.folder(path.slice(0, path.indexOf('/')), outside);
      else skipped.file(path, outside);
      continue;
    }
    const place = placeInLayout(root.layout, path.slice(root.folder.length));
    if (!('to' in place)) {
      if (place.folder) skipped.folder(root.folder + place.folder, place.reason);
      else skipped.file(path, place.reason);
      continue;
    }
    const check = validateProjectPath(place.to);
    if (!check.ok) {
      skipped.file(path, `${check.reason}.`);
      continue;
    }
    const twin = taken.get(place.to.toLowerCase());
    if (twin !== undefined) {
      skipped.file(
        path,
        twin === place.to ? 'It is listed twice; the first one is kept.' : `${twin} is the same file on macOS and Windows; the first one is kept.`,
      );
      continue;
    }
    taken.set(place.to.toLowerCase(), place.to);
    reads.push({ from: entry.path, to: place.to, shown: path });
    bytes += entry.size;
  }
  if (reads.length > FILE_LIMITS.maxFiles) {
    return { ok: false, reason: 'too_large', message: `The app has ${reads.length} files; a project may hold at most ${FILE_LIMITS.maxFiles}.` };
  }
  if (bytes > FILE_LIMITS.maxTotalBytes) {
    const size = (bytes / MB).toFixed(1);
    return { ok: false, reason: 'too_large', message: `The app's files come to ${size} MB; a project may hold at most ${FILE_LIMITS.maxTotalBytes / MB} MB.` };
  }
  return { ok: true, layout: root.layout, folder: root.folder, reads, skipped };
}
