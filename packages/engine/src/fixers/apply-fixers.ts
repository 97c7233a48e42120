import { uiModules } from '../context/exports';
import { issue, type CheckIssue } from '../checks/issues';
import { addImportedAssets, MAX_ASSET_BYTES, type AttachedImage } from './assets';
import { fixEffectScroll } from './effect-scroll';
import { lucideIconNames } from './lucide-icons';
import { fixMissingImports } from './missing-imports';
import { restoreClient } from './restore-client';
import { stripStrayFences } from './strip-fences';

export interface FixResult {
  /** Notes of what the deterministic fixers changed. */
  fixes: string[];
  /** Problems the fixers found but cannot repair (unresolved names, oversized images). */
  issues: CheckIssue[];
}

/**
 * The deterministic fixers, on the files a run changed (in place): stray code fences, missing UI
 * component and icon imports, unknown icons, imported image attachments, a missing backend client.
 */
export function applyFixers(files: Map<string, string>, changed: Set<string>, images: AttachedImage[]): FixResult {
  const fixes: string[] = [];
  const issues: CheckIssue[] = [];
  const ui = uiModules(files);
  const icons = lucideIconNames();
  for (const path of [...changed]) {
    let content = files.get(path);
    if (content === undefined) continue;
    const fenced = stripStrayFences(path, content);
    if (fenced.changed) fixes.push(`removed Markdown code fences from ${path}`);
    const scrolled = fixEffectScroll(path, fenced.content);
    if (scrolled.changed)
      fixes.push(`gave the scrolling effects in ${path} a block body (browsers now return a promise from scroll calls, which React would run as a cleanup)`);
    const imports = fixMissingImports(path, scrolled.content, ui, icons);
    fixes.push(...imports.fixes);
    for (const name of imports.unresolved) {
      issues.push(issue('imports', path, `<${name}> is used but never imported or declared.`));
    }
    content = imports.content;
    if (content !== files.get(path)) files.set(path, content);
  }
  const assets = addImportedAssets(files, images);
  for (const path of assets.added) {
    changed.add(path);
    fixes.push(`added the attached image as ${path}`);
  }
  for (const path of assets.tooLarge) {
    issues.push(
      issue(
        'imports',
        path,
        `This attached image is larger than ${Math.floor(MAX_ASSET_BYTES / 1024)} KB and cannot be placed into the project; do not import it.`,
      ),
    );
  }
  const client = restoreClient(files, changed);
  if (client) fixes.push(client);
  return { fixes, issues };
}
