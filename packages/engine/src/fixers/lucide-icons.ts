import { createRequire } from 'node:module';
import path from 'node:path';
import { TEMPLATE_PACKAGE_DIR } from '@sprout/template';

let icons: ReadonlySet<string> | undefined;

/**
 * The names lucide-react exports (icons as `Plus`, `PlusIcon`, `LucidePlus`), read from the very
 * package the preview bundles, so the fixer and the build always agree.
 */
export function lucideIconNames(): ReadonlySet<string> {
  if (!icons) {
    const require = createRequire(path.join(TEMPLATE_PACKAGE_DIR, 'package.json'));
    icons = new Set(Object.keys(require('lucide-react') as Record<string, unknown>).filter((n) => /^[A-Z]/.test(n)));
  }
  return icons;
}

/** What an icon lucide-react does not have becomes: neutral, so the screen still renders. */
export const FALLBACK_ICON = 'Circle';
