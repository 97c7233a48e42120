import { isBareSpecifier, parseBareSpecifier, unavailablePackageMessage } from '@sprout/preview';
import { moduleReferences } from '../syntax/module-references';
import { isCodeModule, parseModule } from '../syntax/parse-module';
import { issue, type CheckIssue } from './issues';

/**
 * Imports of packages that are not installed, in the app's own code (`client/`), named clearly (with
 * what to use instead) before the build reports them. Type-only imports load nothing and are left to
 * the type check; the project's tooling (`vite.config.ts`) imports the build's own packages.
 */
export function unknownPackageIssues(files: ReadonlyMap<string, string>, changed: Iterable<string>, allowed: Readonly<Record<string, string>>): CheckIssue[] {
  const out: CheckIssue[] = [];
  for (const path of changed) {
    const content = files.get(path);
    const tree = content !== undefined && path.startsWith('client/') && isCodeModule(path) ? parseModule(path, content) : null;
    if (!tree) continue;
    const reported = new Set<string>();
    for (const ref of moduleReferences(tree)) {
      if (ref.typeOnly || !isBareSpecifier(ref.source)) continue;
      const name = parseBareSpecifier(ref.source)?.name;
      if (!name || Object.hasOwn(allowed, name) || reported.has(name)) continue;
      reported.add(name);
      out.push(issue('imports', path, unavailablePackageMessage(name, allowed), ref.line));
    }
  }
  return out;
}
