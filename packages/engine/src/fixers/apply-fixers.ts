import { ALLOWED_PACKAGES } from '@sprout/template';
import { uiModules } from '../context/exports';
import type { UndeclaredName } from '../checks/undeclared-names';
import { issue, type CheckIssue } from '../checks/issues';
import { addImportedAssets, MAX_ASSET_BYTES, type AttachedImage } from './assets';
import { fixEffectScroll } from './effect-scroll';
import { lucideIconNames } from './lucide-icons';
import { fixMissingImports } from './missing-imports';
import { fixPackageRenames } from './package-renames';
import { restoreClient } from './restore-client';
import { stripStrayFences } from './strip-fences';

export interface FixResult {
  /** Notes of what the deterministic fixers changed. */
  fixes: string[];
  /** Problems the fixers found but cannot repair (oversized images). */
  issues: CheckIssue[];
  /**
   * JSX elements naming nothing the file declares or imports. Not issues yet: the type check knows
   * the globals and library types a fixer does not, so the checks report only the names it confirms.
   */
  undeclared: UndeclaredName[];
}

/**
 * The deterministic fixers, on the files a run changed (in place): stray code fences, renamed
 * packages, missing UI component and icon imports, unknown icons, imported image attachments, a
 * missing backend client. `allowed`: the packages the preview offers.
 */
export function applyFixers(
  files: Map<string, string>,
  changed: Set<string>,
  images: AttachedImage[],
  allowed: Readonly<Record<string, string>> = ALLOWED_PACKAGES,
): FixResult {
  const fixes: string[] = [];
  const issues: CheckIssue[] = [];
  const undeclared: UndeclaredName[] = [];
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
    const renamed = fixPackageRenames(path, scrolled.content, allowed);
    fixes.push(...renamed.fixes);
    const imports = fixMissingImports(path, renamed.content, ui, icons);
    fixes.push(...imports.fixes);
    for (const use of imports.unresolved) undeclared.push({ file: path, name: use.name, line: use.line, column: use.column });
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
  return { fixes, issues, undeclared };
}
